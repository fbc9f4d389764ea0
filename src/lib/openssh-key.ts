// An OpenSSH public key on one line, as `ssh-keygen` writes it to a .pub file and an SSH certificate authority is
// given: `<type> <base64 blob> [comment]`. The blob itself starts with the key's type, so a line whose two disagree,
// or whose blob is not base64, is no key. Read the same way by the form and by the local cloud.

/** The key types OpenSSH signs user certificates with (a certificate itself is no CA key). */
const KEY_TYPES = new Set([
  'ssh-ed25519',
  'ssh-rsa',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
])

export type OpenSshKey =
  | { ok: true; type: string; blob: Uint8Array<ArrayBuffer>; comment: string }
  | { ok: false; reason: string }

function base64Bytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) return undefined
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  } catch {
    return undefined
  }
}

/**
 * An SSH wire blob read whole as strings, each a 32-bit big-endian length then that many bytes; undefined when a
 * length runs past the end.
 */
function wireStrings(blob: Uint8Array): Uint8Array[] | undefined {
  const strings: Uint8Array[] = []
  for (let at = 0; at < blob.length;) {
    if (blob.length - at < 4) return undefined
    const length = ((blob[at]! << 24) | (blob[at + 1]! << 16) | (blob[at + 2]! << 8) | blob[at + 3]!) >>> 0
    if (length > blob.length - at - 4) return undefined
    strings.push(blob.subarray(at + 4, at + 4 + length))
    at += 4 + length
  }
  return strings
}

const ascii = (bytes: Uint8Array | undefined): string => (bytes ? String.fromCharCode(...bytes) : '')

/** An uncompressed point on the named NIST curve: 0x04, then its two coordinates. */
const ecPoint = (curve: string, point: Uint8Array | undefined): boolean =>
  point?.[0] === 4 && point.length === 1 + 2 * { nistp256: 32, nistp384: 48, nistp521: 66 }[curve]!

/**
 * Whether the blob's fields after its type are the key itself, as OpenSSH writes one of that type and nothing more:
 * a 32-byte Ed25519 key, an RSA exponent and modulus, an ECDSA curve and point, and for a security key its
 * application. A line cut short or run on parses as base64 but is no key: `ssh-keygen -l` refuses it, and so does
 * the platform.
 */
function holdsKey(type: string, [, ...fields]: Uint8Array[]): boolean {
  const [key, second, third] = fields
  if (type === 'ssh-ed25519') return fields.length === 1 && key!.length === 32
  if (type === 'sk-ssh-ed25519@openssh.com') return fields.length === 2 && key!.length === 32 && second!.length > 0
  if (type === 'ssh-rsa') return fields.length === 2 && key!.length > 0 && second!.length > 0
  const curve = type.match(/nistp\d+/)![0]
  if (type.startsWith('sk-'))
    return fields.length === 3 && ascii(key) === curve && ecPoint(curve, second) && third!.length > 0
  return fields.length === 2 && ascii(key) === curve && ecPoint(curve, second)
}

export function parseOpenSshKey(input: string): OpenSshKey {
  const text = input.trim()
  if (!text) return { ok: false, reason: 'Paste the CA’s public key: one line, as in its .pub file.' }
  if (/PRIVATE KEY/.test(text))
    return {
      ok: false,
      reason: 'This is a private key. Paste the public key (the .pub file) instead, and keep the private key secret.',
    }
  if (/[\r\n]/.test(text)) return { ok: false, reason: 'An OpenSSH public key is one line.' }
  const [type = '', data = '', ...comment] = text.split(/\s+/)
  if (type.includes('-cert-v01@openssh.com'))
    return { ok: false, reason: 'This is a certificate. Paste the certificate authority’s own public key.' }
  if (!KEY_TYPES.has(type))
    return {
      ok: false,
      reason: `"${type.slice(0, 40)}" is not an OpenSSH key type: a CA key starts with ssh-ed25519, ssh-rsa or ecdsa-sha2-nistp256 (or 384, 521).`,
    }
  const blob = base64Bytes(data)
  if (!blob) return { ok: false, reason: 'The key’s second part is not base64: paste the line whole.' }
  const fields = wireStrings(blob)
  if (!fields || ascii(fields[0]) !== type || !holdsKey(type, fields))
    return { ok: false, reason: `The key’s data is not a ${type} key: paste the line whole, as in the .pub file.` }
  return { ok: true, type, blob, comment: comment.join(' ') }
}

/** Its fingerprint as `ssh-keygen -l` prints it: SHA256, then unpadded base64 of the blob's digest. */
export async function fingerprintOf(blob: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', blob))
  return `SHA256:${btoa(String.fromCharCode(...digest)).replace(/=+$/, '')}`
}
