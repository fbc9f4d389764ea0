import { useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { readQuery } from '../../api/read'
import type { Group, Project } from '../../api/schemas/identity'
import { useLatestRead } from '../../components/form/KeyedEditForm'
import { updateDefaults } from './group-form'
import { groupReads } from './group-reads'

/**
 * useLatestResource for the group's edit form, whose values come from two reads: the group (its update takes the
 * whole group) and the projects (each lists its groups, and the form links and unlinks them). `current` holds both as
 * the form opened, then as read again at each submit, so what the write sends back and who loses what are measured
 * from them, and a member or a project link someone else added meanwhile is kept.
 */
export function useLatestGroup(group: Group, projects: Project[], organizationID: string) {
  const client = useQueryClient()
  const readGroup = useLatestRead<Group>()
  const current = useRef({ group, projects })
  const latest = async () => {
    const [now, listing] = await Promise.all([
      readGroup(),
      client.fetchQuery({ ...readQuery(groupReads(group.metadata.id, organizationID).projects), staleTime: 0 }),
    ])
    current.current = { group: now, projects: listing }
    return updateDefaults(now, listing)
  }
  return { current, latest }
}
