import { describe, expect, it } from 'vitest'
import { fingerprintOf, parseOpenSshKey } from './openssh-key'

// Public keys `ssh-keygen -t rsa|ecdsa -b 256|384|521|ed25519` wrote, each with the fingerprint `ssh-keygen -l`
// printed for it; the private halves were thrown away.
const WRITTEN = {
  'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQDRtG6j+LI5XMSprgXnflQq4gVCiOkD0fFnuhjmoZWCPTcbnnGp0ZQWQc42041NIIxM6JzZ8PlGBn45jE33Z4mGQanNq1b8NKbvwlajjDjoN1c6JAksTaq/+lhD2l8VeiiQuEXS3yaPhmrFlq3OWHQ7NfleJF+aNKFX+b6cRaEUySsqp0qqlCeKvmEQ9Eu72DLqjJH0DQekbD9zK8S0vMGHjo+6UxhurTN4Q4U4p/jYHsPKqb9VeFoKhyGrnObPvXbpDPELVaFge/EPGYgGapW0l1RV8hPLguePMUi6bQEzjY1Cdh+8IRzrZHVebLoWIhYav0DLi3RW0++1hkvByR/V t':
    'SHA256:k4wh7TOfDiJ3amtKxwGTVrHiZfhVbjFiwiqAIo02Evo',
  'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBBc4k4+DqOwrq3ASjY/2GSfT66YGdzyKO1jvdj/yo2m7Hur+Rtr2ORQxJWFEGoRsH0e5dcbxAvlbS7PizOEXw98= t':
    'SHA256:IjpvbrgUwozz+BQQ5EsmrVuRKD/weTes/Lr5kIx4bUU',
  'ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzODQAAABhBHcTMTJfdOyx1EAtNWAW3kbLNXUPEeKlz+Sbi8/uTGaVls4jWTP6g9x1HVqdUQjJpWWVe1QThGevx5MJ4WRo8mnWwsInwRsLmFoawUd9J78Qz3X9F6kKL2DEZUOOCbE55g== t':
    'SHA256:p5DkeQccUbOgiSDkckiJ3HoY8LidcGEE5rRtwlWlk9Y',
  'ecdsa-sha2-nistp521 AAAAE2VjZHNhLXNoYTItbmlzdHA1MjEAAAAIbmlzdHA1MjEAAACFBAGKTjTcPYApm+hevHRpNapbO/PSbCxwy7/AeYySjohxx+AfZLZhIPhutQ/BhCuc7uXDbl9S+NuV1rp5GwMKAgQnuwFnFik6O/z5Bv1tNgG6+QUzCfowDpdPiEJ9TOz1UPvzqTtO/+EBcyyJAq2Aa1sxkiTzYDlNHflxfCBdjaHZylzVXw== t':
    'SHA256:lB2xwExcjeRf2xlAwMh7xeYNpLWq8al9INcEMy1nXmg',
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIP4hzwBiwCaBpylrrGJV0WrUCJj9uxOEkHJnrdWz7llv t':
    'SHA256:b4X0c1ecP3M80WB8+flA+y+grCUOXyi9kvm0f6rSxx4',
}
const ED25519 = Object.keys(WRITTEN).at(-1)!.split(' ')[1]!

describe('an OpenSSH public key', () => {
  it('is read whole for each type ssh-keygen writes, with the fingerprint ssh-keygen -l prints', async () => {
    for (const [line, fingerprint] of Object.entries(WRITTEN)) {
      const key = parseOpenSshKey(line)
      expect(key.ok, line).toBe(true)
      if (key.ok) expect(await fingerprintOf(key.blob)).toBe(fingerprint)
    }
  })

  // Each parses as base64 and starts with its type; `ssh-keygen -l` answers "is not a public key file" for each.
  it('is refused when its data is cut short or runs on', () => {
    for (const line of [
      'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5 type alone',
      'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIO1X key cut short',
      `ssh-ed25519 ${ED25519}AAAA run on`,
      `ssh-rsa ${Object.keys(WRITTEN)[0]!.split(' ')[1]!.slice(0, 200)} cut`,
      `ecdsa-sha2-nistp256 ${Object.keys(WRITTEN)[1]!.split(' ')[1]!.slice(0, 100)} cut`,
    ]) {
      expect(parseOpenSshKey(line), line).toMatchObject({ ok: false, reason: /^The key’s data is not a / })
    }
  })
})
