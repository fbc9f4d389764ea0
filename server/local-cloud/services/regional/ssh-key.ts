import { createHash, createPrivateKey, randomBytes } from 'node:crypto'

/**
 * An instance's SSH key pair, as the platform generates one for each instance: Ed25519, the private half in
 * OpenSSH's own format (what `ssh` and `ssh-keygen` read), the public half as an authorized_keys line.
 */
export interface SshKeyPair {
  privateKey: string
  publicKey: string
}

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32BE(value)
  return bytes
}

/** SSH's `string`: a length, then the bytes. */
const sshString = (value: Buffer | string) => {
  const bytes = typeof value === 'string' ? Buffer.from(value) : value
  return Buffer.concat([u32(bytes.length), bytes])
}

const wrap = (text: string, width: number) => text.match(new RegExp(`.{1,${width}}`, 'g'))?.join('\n') ?? ''

/** The public key blob of an Ed25519 key: its type name and its 32 bytes. */
const publicBlob = (publicKey: Buffer) => Buffer.concat([sshString('ssh-ed25519'), sshString(publicKey)])

/** PKCS#8's wrapping of a raw 32-byte Ed25519 seed (RFC 8410). */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex')

/**
 * An Ed25519 key pair from `seed` (32 random bytes unless given: the demo data derives its seeds, so it is the same
 * on every build); `comment` ends up in the public line and inside the private file, as ssh-keygen's -C puts it.
 */
export function newSshKeyPair(comment: string, seed: Buffer = randomBytes(32)): SshKeyPair {
  const key = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' })
  const pub = Buffer.from(key.export({ format: 'jwk' }).x ?? '', 'base64url')
  // The private section starts with a check number written twice (random in ssh-keygen; here from the seed), and is
  // padded to the cipher's block size (8 for "none") with the bytes 1, 2, 3…
  const check = createHash('sha256').update(seed).digest().readUInt32BE(0)
  const section = Buffer.concat([
    u32(check),
    u32(check),
    sshString('ssh-ed25519'),
    sshString(pub),
    sshString(Buffer.concat([seed, pub])),
    sshString(comment),
  ])
  const padding = Buffer.from(Array.from({ length: (8 - (section.length % 8)) % 8 }, (_, i) => i + 1))
  const body = Buffer.concat([
    Buffer.from('openssh-key-v1\0'),
    sshString('none'),
    sshString('none'),
    sshString(''),
    u32(1),
    sshString(publicBlob(pub)),
    sshString(Buffer.concat([section, padding])),
  ])
  return {
    privateKey: `-----BEGIN OPENSSH PRIVATE KEY-----\n${wrap(body.toString('base64'), 70)}\n-----END OPENSSH PRIVATE KEY-----\n`,
    publicKey: `ssh-ed25519 ${publicBlob(pub).toString('base64')} ${comment}`,
  }
}

/** The SHA256 fingerprint ssh prints for an authorized_keys line: "SHA256:…" (unpadded base64). */
export function fingerprintOf(publicKey: string): string {
  const blob = Buffer.from(publicKey.split(' ')[1] ?? '', 'base64')
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`
}
