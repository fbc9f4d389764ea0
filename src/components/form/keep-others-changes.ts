/** The fields of V that are lists of ids in no particular order (a group's members, a project's groups). */
export type IdListField<V> = { [K in keyof V]-?: V[K] extends readonly string[] ? K : never }[keyof V]

/**
 * How the entries of other fields are told apart, so that they merge entry by entry like an id list: a list of rows by
 * each row's key (a group's subjects by their provider and id), or a text of entries between spaces, commas or line
 * breaks (`'text'`: an instance's allowed source addresses).
 */
export type EntryKeys<V> = {
  [K in keyof V]?: V[K] extends readonly (infer Row)[] ? (row: Row) => string : V[K] extends string ? 'text' : never
}

/**
 * The values to send for an edit, against the resource as it is now: each field the user changed keeps the user's
 * value, and each one left as the form opened takes the resource's value now, so saving one field never puts back
 * another that someone else changed in the meantime. Where both changed the same field, the user's value wins, as
 * in any save; but in an id list (`idLists`) each id is a change of its own, so a member someone else added stays
 * beside the one the user added, and so is each entry of a field of `entries`, and each tag of `tags` (every kind's
 * name/value tags), by its name.
 */
export function keepOthersChanges<V extends object>(
  opened: V,
  mine: V,
  now: V,
  idLists: readonly IdListField<V>[] = [],
  entries: EntryKeys<V> = {},
): V {
  const sent = { ...mine }
  for (const field of Object.keys(mine) as (keyof V)[]) {
    const [before, user, theirs] = [opened[field], mine[field], now[field]]
    // Nobody else changed it: the user's value as it is, in the user's order.
    if (same(theirs, before)) continue
    const key = entries[field] as ((row: unknown) => string) | 'text' | undefined
    if ((idLists as readonly (keyof V)[]).includes(field))
      sent[field] = mergedIds(before as string[], user as string[], theirs as string[]) as V[keyof V]
    else if (key === 'text')
      sent[field] = mergedIds(entriesOf(before), entriesOf(user), entriesOf(theirs)).join('\n') as V[keyof V]
    else if (key)
      sent[field] = mergedRows(before as unknown[], user as unknown[], theirs as unknown[], key) as V[keyof V]
    else if (field === 'tags' && [before, user, theirs].every(isTags))
      sent[field] = mergedRows(before as Tag[], user as Tag[], theirs as Tag[], (tag) => tag.name) as V[keyof V]
    else if (same(user, before)) sent[field] = theirs
  }
  return sent
}

const entriesOf = (text: unknown) =>
  String(text)
    .split(/[\s,]+/)
    .filter(Boolean)

/** The list as it is now, less the ids the user took out and with those the user put in. */
function mergedIds(opened: readonly string[], mine: readonly string[], now: readonly string[]): string[] {
  const added = mine.filter((id) => !opened.includes(id) && !now.includes(id))
  return [...now.filter((id) => mine.includes(id) || !opened.includes(id)), ...added]
}

interface Tag {
  name: string
  value: string
}
const isTags = (value: unknown): value is Tag[] =>
  Array.isArray(value) && value.every((row) => typeof row === 'object' && row !== null && 'name' in row)

/**
 * The rows as they are now, less those the user took out, with the user's version of each row the user changed and
 * the rows the user added (a row left blank among them, for the wire to drop as it would have), each told by its key.
 */
function mergedRows<Row>(
  opened: readonly Row[],
  mine: readonly Row[],
  now: readonly Row[],
  keyOf: (row: Row) => string,
): Row[] {
  const before = new Map(opened.map((row) => [keyOf(row), row]))
  const kept = new Set(mine.map(keyOf))
  const given = new Map(mine.filter((row) => !same(before.get(keyOf(row)), row)).map((row) => [keyOf(row), row]))
  const there = new Set(now.map(keyOf))
  return [
    ...now.filter((row) => kept.has(keyOf(row)) || !before.has(keyOf(row))).map((row) => given.get(keyOf(row)) ?? row),
    ...mine.filter((row) => given.has(keyOf(row)) && !there.has(keyOf(row))),
  ]
}

/** Form values are strings, numbers, booleans and arrays or objects of them: their JSON compares them. */
export const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b)
