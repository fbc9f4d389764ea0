// A run shared as a link: its inputs, models, options and retrieval queries, compressed into the URL's fragment
// (after #). Browsers never send a fragment to a server, so the inputs travel only to whoever gets the link. The
// vectors are not in it: the link reproduces the run, it does not carry its results.

import { draftFrom, type Draft } from './inputs'

/** The fragment's key: `#run=<base64url of the deflated JSON>`. */
const KEY = 'run='
/** Longer links are refused: browsers and servers that log URLs cut them well before this. */
export const MAX_LINK_LENGTH = 1_000_000

/** What a link shares: the draft without the end-user id, which identifies someone. */
export type SharedRun = Omit<Draft, 'user'>

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const body = new Blob([bytes as BlobPart]).stream().pipeThrough(stream)
  return new Uint8Array(await new Response(body).arrayBuffer())
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  // In slices: one String.fromCharCode call per byte would be slow, one for all of them overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

/** The fragment (with its #) that holds the run. */
export async function encodeShare(run: SharedRun): Promise<string> {
  const { inputs, model, compareModel, encodingFormat, dimensions, judgements } = run
  const json = JSON.stringify({ v: 1, inputs, model, compareModel, encodingFormat, dimensions, judgements })
  return `#${KEY}${toBase64Url(await pipe(new TextEncoder().encode(json), new CompressionStream('deflate-raw')))}`
}

/** The encoded run of a location's hash, or undefined when the hash shares none. */
export function sharedPart(hash: string): string | undefined {
  return hash.startsWith(`#${KEY}`) ? hash.slice(KEY.length + 1) : undefined
}

/** The run a link shares; rejects with a sentence for the user when the link is cut or not one of ours. */
export async function decodeShare(encoded: string): Promise<SharedRun> {
  let raw: unknown
  try {
    const json = new TextDecoder().decode(await pipe(fromBase64Url(encoded), new DecompressionStream('deflate-raw')))
    raw = JSON.parse(json)
  } catch {
    throw new Error('The link is damaged or incomplete: ask for it again, copied whole.')
  }
  const draft = draftFrom(raw)
  if (!draft) throw new Error('The link does not hold a playground run.')
  const { user: _user, ...shared } = draft
  return shared
}
