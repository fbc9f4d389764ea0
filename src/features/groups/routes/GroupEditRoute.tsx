import { Button } from '../../../components/mantine/Button'
import { readQuery } from '../../../api/read'
import { groupReads } from '../group-reads'
import { Group as Row } from '../../../components/mantine/Group'
import { Modal } from '../../../components/mantine/Modal'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { groupApi } from '../../../api/identity'
import type { Group, Project } from '../../../api/schemas/identity'
import { consoleConfigQuery } from '../../../api/session'
import { FormPage } from '../../../components/form/FormPage'
import { KeyedEditForm } from '../../../components/form/KeyedEditForm'
import { useResourceForm } from '../../../components/form/useResourceForm'
import { useUniqueName } from '../../../components/form/unique-name'
import { q } from '../../../api/endpoint'
import { paths } from '../../../lib/paths'
import { resources } from '../../../lib/resources'
import { scopedRoute } from '../../../lib/route-module'
import { useStoredScope } from '../../../lib/scope'
import { nameCrumb } from '../../../components/NameCrumb'
import { GroupFields } from '../components/GroupFields'
import { GroupLossList } from '../components/GroupLossList'
import { groupForm, toWire, updateDefaults } from '../group-form'
import { lossesOf, losesAnything, otherGroupsOf } from '../group-losses'
import { membersOf } from '../group-members'
import { useLatestGroup } from '../use-latest-group'
import { useProjectLinks } from '../use-project-links'

export const { loader } = scopedRoute((queryClient, { params, organizationID }) =>
  Promise.all([
    queryClient.ensureQueryData(readQuery(groupReads(params.groupId!, organizationID).group)),
    queryClient.ensureQueryData(readQuery(groupReads(params.groupId!, organizationID).projects)),
    queryClient.ensureQueryData(consoleConfigQuery()),
  ]),
)

export const handle = nameCrumb(groupApi.detail, 'groupId', (groupID, organizationID) => ({ organizationID, groupID }))

export function Component() {
  const groupId = useParams().groupId!
  const organizationID = useStoredScope().organizationId ?? ''
  const reads = groupReads(groupId, organizationID)
  const { data: projects } = useSuspenseQuery(readQuery(reads.projects))
  return (
    <KeyedEditForm
      query={readQuery(reads.group)}
      form={(group) => <GroupEditForm group={group} projects={projects} organizationID={organizationID} />}
    />
  )
}

function GroupEditForm({
  group,
  projects,
  organizationID,
}: {
  group: Group
  projects: Project[]
  organizationID: string
}) {
  const groupId = group.metadata.id
  const reads = groupReads(groupId, organizationID)
  const users = useQuery(readQuery(reads.users))
  const serviceAccounts = useQuery(readQuery(reads.serviceAccounts))
  const roles = useQuery(readQuery(reads.roles))
  const groups = useQuery(readQuery(reads.groups))
  const { current, latest } = useLatestGroup(group, projects, organizationID)
  // Who loses what is measured from the group as the save is made against.
  const before = () =>
    membersOf(current.current.group, {
      users: users.data,
      serviceAccounts: serviceAccounts.data,
      roles: roles.data,
      projects: current.current.projects,
    })
  const otherGroups = otherGroupsOf(groupId, {
    groups: groups.data,
    projects,
    users: users.data,
    serviceAccounts: serviceAccounts.data,
  })
  const linkProjects = useProjectLinks(organizationID)
  const { form, submit, values } = useResourceForm({
    schema: groupForm,
    defaultValues: updateDefaults(group, projects),
    latest,
    idLists: ['roleIDs', 'userIDs', 'serviceAccountIDs', 'projectIDs'],
    // A subject is a person at a provider: one someone else added stays beside one added here.
    entries: { subjects: (subject) => `${subject.issuer.trim()}\n${subject.id.trim()}` },
    endpoint: groupApi.update,
    params: { organizationID, groupID: groupId },
    wire: (v) => toWire(v, current.current.group),
    savedMessage: (_saved, valid) => `Group ${valid.name.trim()} saved.`,
    // The projects sent, not the form's: a link someone else made meanwhile is among them, and stays.
    onSaved: (_saved, body, valid) => void linkProjects(groupId, body.metadata.name, valid.projectIDs),
    leaveTo: paths.groups.item(groupId),
    // The identity service takes a taken name on update (its document lists no 409 there): the list is asked first.
    uniqueName: useUniqueName(
      resources.groups.nameTaken,
      (_valid, client) => client.fetchQuery(q(groupApi.list, { organizationID })),
      groupId,
    ),
    // Taking a role, a member or a project away is said first, with who loses what.
    holdIf: (valid) => losesAnything(lossesOf(before(), valid, otherGroups)),
  })
  const held = submit.held

  return (
    <>
      <FormPage
        {...submit}
        title={`Edit ${group.metadata.name}`}
        description="Change the roles this group grants, its members and the projects that list it."
        submitLabel="Save changes"
      >
        <GroupFields control={form.control} organizationID={organizationID} values={values} />
      </FormPage>
      <Modal
        opened={held !== undefined}
        onClose={submit.dismiss}
        title="Who loses access"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text size="sm">
            Saving <b>{group.metadata.name}</b> takes access away:
          </Text>
          {held && <GroupLossList losses={lossesOf(before(), held, otherGroups)} reading={groups.isPending} />}
          <Row justify="flex-end">
            <Button variant="default" onClick={submit.dismiss} disabled={submit.loading}>
              Cancel
            </Button>
            <Button color="red" onClick={submit.release} loading={submit.loading} data-autofocus>
              Save and remove access
            </Button>
          </Row>
        </Stack>
      </Modal>
    </>
  )
}
