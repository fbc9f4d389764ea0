// How far a model groups the inputs by the topics the user labelled them with: for each labelled input, is the input
// most similar to it one of its own topic? A leave-one-out nearest-neighbour score, read as "20 of 24 inputs", with
// what chance would give beside it.

export interface TopicGrouping {
  /** Inputs whose most similar other input has their label. */
  grouped: number
  /** Inputs scored: those with a label that another scored input shares. */
  scored: number
  /** How many a model that ranked at random would group, on average. */
  byChance: number
}

/**
 * The grouping over the first n inputs, `similarity` their n × n matrix; undefined unless two topics of two inputs
 * or more are labelled (with one topic, or none, grouping says nothing).
 */
export function topicGrouping(
  similarity: Float32Array,
  n: number,
  labels: readonly (string | undefined)[],
): TopicGrouping | undefined {
  const sizes = new Map<string, number>()
  for (let i = 0; i < n; i++) {
    const label = labels[i]
    if (label) sizes.set(label, (sizes.get(label) ?? 0) + 1)
  }
  const topic = (i: number) => {
    const label = labels[i]
    return label && sizes.get(label)! > 1 ? label : undefined
  }
  const topics = [...sizes.values()].filter((size) => size > 1).length
  if (topics < 2) return undefined
  const members = Array.from({ length: n }, (_, i) => i).filter((i) => topic(i) !== undefined)
  let grouped = 0
  let byChance = 0
  for (const i of members) {
    let nearest = -1
    for (const j of members) {
      if (j !== i && (nearest < 0 || similarity[i * n + j]! > similarity[i * n + nearest]!)) nearest = j
    }
    if (topic(nearest) === topic(i)) grouped++
    byChance += (sizes.get(topic(i)!)! - 1) / (members.length - 1)
  }
  return { grouped, scored: members.length, byChance }
}
