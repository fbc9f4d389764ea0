/**
 * The values to send for an edit, against the resource as it is now: each field the user changed keeps the user's
 * value, and each one left as the form opened takes the resource's value now, so saving one field never puts back
 * another that someone else changed in the meantime. Where both changed the same field, the user's value wins, as
 * in any save.
 */
export function keepOthersChanges<V extends object>(opened: V, mine: V, now: V): V {
  const sent = { ...mine }
  for (const field of Object.keys(mine) as (keyof V)[])
    if (same(mine[field], opened[field]) && !same(now[field], opened[field])) sent[field] = now[field]
  return sent
}

/** Form values are strings, numbers, booleans and arrays or objects of them: their JSON compares them. */
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b)
