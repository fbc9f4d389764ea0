import { List } from '../../../components/mantine/List'
import { Text } from '../../../components/mantine/Text'
import type { GroupLosses, MemberKeeps, MemberLoss } from '../group-losses'

const names = (items: readonly string[]) => items.join(', ')
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** Members said together when they lose (or keep) the same: one sentence per distinct loss. */
function together<T extends { name: string }>(items: readonly T[], say: (item: T) => string) {
  const by = new Map<string, string[]>()
  for (const item of items) by.set(say(item), [...(by.get(say(item)) ?? []), item.name])
  return [...by]
}

const lossOf = (loss: MemberLoss) =>
  [
    ...(loss.roles.length ? [names(loss.roles)] : []),
    ...loss.inProjects.map((p) => `${names(p.roles)} in ${p.project}`),
  ].join('; ')
const keptOf = (keeps: MemberKeeps) => `${names(keeps.roles)} through ${names(keeps.through)}`

/** Who loses what, in sentences: for a group's deletion, or for a change to it. */
export function GroupLossList({
  losses,
  deleting,
  reading,
}: {
  losses: GroupLosses
  deleting?: boolean
  /** The members' other groups are still being read. */
  reading?: boolean
}) {
  const affected = deleting ? losses.leaving.length : losses.losing.length + losses.keeping.length
  const lines = [
    ...(!losses.counted
      ? [
          reading
            ? 'Reading its members’ other groups: until then, a role one of them also grants is said lost here.'
            : 'Its members’ other groups could not be read: a role one of them also grants is said lost here.',
        ]
      : []),
    ...(!deleting && losses.leaving.length
      ? [`${count(losses.leaving.length, 'member leaves', 'members leave')} the group: ${names(losses.leaving)}.`]
      : []),
    ...(deleting && !affected ? ['It has no members: nobody loses a role.'] : []),
    ...(affected && !losses.losing.length ? ['No member loses a role.'] : []),
    ...together(losses.losing, lossOf).map(
      ([what, who]) => `${count(who.length, 'member loses', 'members lose')} ${what}: ${names(who)}.`,
    ),
    ...together(losses.keeping, keptOf).map(
      ([what, who]) => `${count(who.length, 'member keeps', 'members keep')} ${what}: ${names(who)}.`,
    ),
    ...(deleting
      ? [
          losses.projects.length
            ? `${count(losses.projects.length, 'project stops', 'projects stop')} listing it: ${names(losses.projects)}.`
            : 'No project lists it.',
        ]
      : [
          ...(losses.unlinked.length
            ? [
                `${count(losses.unlinked.length, 'project stops', 'projects stop')} listing the group: ${names(losses.unlinked)}.`,
              ]
            : []),
          ...(losses.projects.length && affected
            ? [`The projects that list this group now: ${names(losses.projects)}.`]
            : []),
        ]),
  ]
  return (
    <List size="sm" spacing={4} aria-label="Who loses what">
      {lines.map((line) => (
        <List.Item key={line}>
          <Text size="sm" span>
            {line}
          </Text>
        </List.Item>
      ))}
    </List>
  )
}
