import { List } from '../../../components/mantine/List'
import { Text } from '../../../components/mantine/Text'
import type { GroupLosses } from '../group-losses'

const names = (items: readonly string[]) => items.join(', ')
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** Who loses what, in sentences: for a group's deletion, or for a change to it. */
export function GroupLossList({ losses, deleting }: { losses: GroupLosses; deleting?: boolean }) {
  const members = losses.leaving.length
  const items = deleting
    ? [
        members
          ? `${members === 1 ? 'Its member loses' : `Its ${members} members lose`} the roles it grants (${names(losses.granted) || 'none'}): ${names(losses.leaving)}.`
          : 'It has no members: nobody loses a role.',
        losses.projects.length
          ? `${count(losses.projects.length, 'project stops', 'projects stop')} listing it, and its members lose their access there: ${names(losses.projects)}.`
          : 'No project lists it.',
      ]
    : [
        ...(losses.roles.length
          ? [
              losses.staying.length
                ? `${count(losses.staying.length, 'member loses', 'members lose')} ${names(losses.roles)}: ${names(losses.staying)}.`
                : `The group stops granting ${names(losses.roles)}; no member who stays had it through this group.`,
            ]
          : []),
        ...(members
          ? [
              `${count(members, 'member leaves', 'members leave')} the group and ${members === 1 ? 'loses' : 'lose'} ${names(losses.granted) || 'nothing'}: ${names(losses.leaving)}.`,
            ]
          : []),
        ...(losses.unlinked.length
          ? [
              `${count(losses.unlinked.length, 'project stops', 'projects stop')} listing the group, and its members lose its roles there: ${names(losses.unlinked)}.`,
            ]
          : []),
        ...(losses.projects.length && (losses.roles.length || members)
          ? [`The projects that list this group now: ${names(losses.projects)}.`]
          : []),
      ]
  return (
    <List size="sm" spacing={4} aria-label="Who loses what">
      {items.map((item) => (
        <List.Item key={item}>
          <Text size="sm" span>
            {item}
          </Text>
        </List.Item>
      ))}
    </List>
  )
}
