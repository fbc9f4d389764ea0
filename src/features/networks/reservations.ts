import { blockOf, formatIpv4 } from '../../lib/ipv4'

// A network's reservations (region v1.20.0): a prefix carved from the start of the network for the platform's own use
// (file storage, internal services), fixed at create, and optionally the provider's part carved from its start.

export interface Reservations {
  prefixLength: number
  providerReservedPrefixLength?: number
}

/** The blocks a reservation takes of `networkPrefix`, as text; undefined when the network or lengths do not fit. */
export function reservedBlocks(networkPrefix: string, { prefixLength, providerReservedPrefixLength }: Reservations) {
  const network = blockOf(networkPrefix)
  if (!network || prefixLength <= network.length || prefixLength > 30) return undefined
  const start = network.network
  const reservedEnd = start + 2 ** (32 - prefixLength) - 1
  const provider = providerReservedPrefixLength
  const providerEnd = provider === undefined ? start - 1 : start + 2 ** (32 - provider) - 1
  return {
    reserved: `${formatIpv4(start)}/${prefixLength}`,
    provider: provider === undefined ? undefined : `${formatIpv4(start)}/${provider}`,
    // What the reservation leaves for file storage: none when the provider's part is all of it.
    storage: providerEnd >= reservedEnd ? undefined : `${formatIpv4(providerEnd + 1)}–${formatIpv4(reservedEnd)}`,
  }
}

/** "10.0.0.0/25: the provider's 10.0.0.0/28, file storage 10.0.0.16–10.0.0.127", for the network's page. */
export function reservationsText(networkPrefix: string, reservations: Reservations | undefined): string {
  if (!reservations) return 'Not reported by this platform'
  const blocks = reservedBlocks(networkPrefix, reservations)
  if (!blocks) return `/${reservations.prefixLength} from the start of the network`
  const parts = [
    blocks.provider && `the provider's ${blocks.provider}`,
    blocks.storage ? `file storage ${blocks.storage}` : 'none left for file storage',
  ].filter(Boolean)
  return `${blocks.reserved}: ${parts.join(', ')}`
}

/** Why a reservation's lengths do not fit the network, per field, as the document checks them. */
export function reservationProblems(
  networkPrefix: string,
  reserve: string,
  providerReserve: string,
): { reserve?: string; providerReserve?: string } {
  const problems: { reserve?: string; providerReserve?: string } = {}
  const network = blockOf(networkPrefix)
  const length = lengthOf(reserve)
  const provider = lengthOf(providerReserve)
  if (length === null) problems.reserve = 'A prefix length from 0 to 30, e.g. 25.'
  else if (length !== undefined && network && length <= network.length)
    problems.reserve = `Longer than the network's /${network.length}: the reservation is carved from inside it.`
  if (provider === null) problems.providerReserve = 'A prefix length from 0 to 30, e.g. 28.'
  else if (provider !== undefined && length === undefined)
    problems.providerReserve = "Reserve a prefix first: the provider's part is carved from it."
  else if (provider !== undefined && typeof length === 'number' && provider < length)
    problems.providerReserve = `At least /${length}: the provider's part is carved from the reserved prefix.`
  return problems
}

/** A length as typed: undefined when blank, null when not a whole number from 0 to 30. */
function lengthOf(text: string): number | undefined | null {
  const trimmed = text.trim().replace(/^\//, '')
  if (!trimmed) return undefined
  const value = Number(trimmed)
  return Number.isInteger(value) && value >= 0 && value <= 30 ? value : null
}

/** The reservations a create sends, or none for the platform's default; the lengths are valid. */
export function reservationsOf(reserve: string, providerReserve: string): Reservations | undefined {
  const length = lengthOf(reserve)
  if (typeof length !== 'number') return undefined
  const provider = lengthOf(providerReserve)
  return { prefixLength: length, ...(typeof provider === 'number' ? { providerReservedPrefixLength: provider } : {}) }
}
