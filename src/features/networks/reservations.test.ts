import { describe, expect, it } from 'vitest'
import { reservationProblems, reservationsOf, reservationsText } from './reservations'

describe('network reservations', () => {
  it('says what a reservation takes from the start of the network', () => {
    expect(reservationsText('192.168.0.0/24', { prefixLength: 25, providerReservedPrefixLength: 28 })).toBe(
      "192.168.0.0/25: the provider's 192.168.0.0/28, file storage 192.168.0.16–192.168.0.127",
    )
    expect(reservationsText('10.0.0.0/16', { prefixLength: 20 })).toBe('10.0.0.0/20: file storage 10.0.0.0–10.0.15.255')
    expect(reservationsText('10.0.0.0/24', { prefixLength: 26, providerReservedPrefixLength: 26 })).toBe(
      "10.0.0.0/26: the provider's 10.0.0.0/26, none left for file storage",
    )
    expect(reservationsText('10.0.0.0/24', undefined)).toBe('Not reported by this platform')
  })
  it('checks the lengths as the document does: inside the network, the provider part inside the reservation', () => {
    expect(reservationProblems('10.0.0.0/24', '', '')).toEqual({})
    expect(reservationProblems('10.0.0.0/24', '/25', '28')).toEqual({})
    expect(reservationProblems('10.0.0.0/24', '24', '')).toEqual({
      reserve: "Longer than the network's /24: the reservation is carved from inside it.",
    })
    expect(reservationProblems('10.0.0.0/24', '31', 'x')).toEqual({
      reserve: 'A prefix length from 0 to 30, e.g. 25.',
      providerReserve: 'A prefix length from 0 to 30, e.g. 28.',
    })
    expect(reservationProblems('10.0.0.0/24', '26', '25')).toEqual({
      providerReserve: "At least /26: the provider's part is carved from the reserved prefix.",
    })
    expect(reservationProblems('10.0.0.0/24', '', '28')).toEqual({
      providerReserve: "Reserve a prefix first: the provider's part is carved from it.",
    })
  })
  it('sends the lengths typed, or nothing for the platform default', () => {
    expect(reservationsOf('', '')).toBeUndefined()
    expect(reservationsOf('/25', '28')).toEqual({ prefixLength: 25, providerReservedPrefixLength: 28 })
    expect(reservationsOf('20', '')).toEqual({ prefixLength: 20 })
  })
})
