/** The fields of V that are lists of ids in no particular order (a group's members, a project's groups). */
export type IdListField<V> = { [K in keyof V]-?: V[K] extends readonly string[] ? K : never }[keyof V]

/**
 * The values to send for an edit, against the resource as it is now: each field the user changed keeps the user's
 * value, and each one left as the form opened takes the resource's value now, so saving one field never puts back
 * another that someone else changed in the meantime. Where both changed the same field, the user's value wins, as
 * in any save; but in an id list (`idLists`) each id is a change of its own, so a member someone else added stays
 * beside the one the user added, and so is each tag of `tags` (every kind's name/value tags), by its name.
 */
export function keepOthersChanges<V extends object>(
  opened: V,
  mine: V,
  now: V,
  idLists: readonly IdListField<V>[] = [],
): V {
  const sent = { ...mine }
  for (const field of Object.keys(mine) as (keyof V)[]) {
    if ((idLists as readonly (keyof V)[]).includes(field))
      sent[field] = mergedIds(opened[field] as string[], mine[field] as string[], now[field] as string[]) as V[keyof V]
    else if (field === 'tags' && [opened, mine, now].every((values) => isTags(values[field])))
      sent[field] = mergedTags(opened[field] as Tag[], mine[field] as Tag[], now[field] as Tag[]) as V[keyof V]
    else if (same(mine[field], opened[field]) && !same(now[field], opened[field])) sent[field] = now[field]
  }
  return sent
}

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
 * The tags as they are now, less those the user took out, with the values the user gave and the tags the user added
 * (a row left blank among them, for the wire to drop as it would have).
 */
function mergedTags(opened: readonly Tag[], mine: readonly Tag[], now: readonly Tag[]): Tag[] {
  const before = new Map(opened.map((tag) => [tag.name, tag.value]))
  const taken = new Set(opened.filter((tag) => !mine.some((m) => m.name === tag.name)).map((tag) => tag.name))
  const given = new Map(mine.filter((tag) => before.get(tag.name) !== tag.value).map((tag) => [tag.name, tag.value]))
  const kept = now
    .filter((tag) => !taken.has(tag.name))
    .map((tag) => (given.has(tag.name) ? { ...tag, value: given.get(tag.name)! } : tag))
  return [...kept, ...mine.filter((tag) => given.has(tag.name) && !now.some((n) => n.name === tag.name))]
}

/** Form values are strings, numbers, booleans and arrays or objects of them: their JSON compares them. */
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b)
