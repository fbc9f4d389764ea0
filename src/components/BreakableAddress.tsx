/**
 * An e-mail address that a narrow box wraps after its @, not at whichever letter meets the edge ("acme.examp|le").
 * The break is a <wbr>, inline as browsers draw it and said outright: a name reader that spaces what is not inline
 * keeps the address whole in a link's or heading's name.
 */
export function BreakableAddress({ address }: { address: string }) {
  const at = address.indexOf('@')
  if (at < 0) return address
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr style={{ display: 'inline' }} />
      {address.slice(at + 1)}
    </>
  )
}
