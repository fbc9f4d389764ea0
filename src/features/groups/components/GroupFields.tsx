import { useQuery } from '@tanstack/react-query'
import type { Control } from 'react-hook-form'
import { readQuery } from '../../../api/read'
import { FormSection, NameFields } from '../../../components/form/FormPage'
import { MultiSelectField } from '../../../components/form/fields'
import { RowsEditor } from '../../../components/form/RowsEditor'
import type { GroupValues } from '../group-form'
import { groupFormReads } from '../group-reads'

/** Options by name, and an id a list does not hold (gone meanwhile) still shown as its id, so it can be removed. */
function options(items: { value: string; label: string }[] | undefined, chosen: readonly string[]) {
  const known = items ?? []
  const unknown = chosen.filter((id) => !known.some((o) => o.value === id)).map((id) => ({ value: id, label: id }))
  return [...known, ...(items ? unknown : [])]
}

/** What the group create and edit forms ask: name and description, the roles it grants, its members and projects. */
export function GroupFields(props: {
  control: Control<GroupValues>
  organizationID: string
  values: GroupValues
  nameHint?: string
}) {
  const { control, organizationID, values } = props
  const reads = groupFormReads(organizationID)
  const roles = useQuery({
    ...readQuery(reads.roles),
    select: (list) => list.map((r) => ({ value: r.metadata.id, label: r.metadata.name })),
  })
  const users = useQuery({
    ...readQuery(reads.users),
    select: (list) => list.map((u) => ({ value: u.metadata.id, label: u.spec.subject })),
  })
  const accounts = useQuery({
    ...readQuery(reads.serviceAccounts),
    select: (list) => list.map((a) => ({ value: a.metadata.id, label: a.metadata.name })),
  })
  const projects = useQuery({
    ...readQuery(reads.projects),
    select: (list) => list.map((p) => ({ value: p.metadata.id, label: p.metadata.name })),
  })
  const picker = (placeholder: string, loaded: boolean) => ({
    searchable: true,
    clearable: true,
    hidePickedOptions: true,
    placeholder: loaded ? placeholder : 'Loading…',
    nothingFoundMessage: 'Nothing of that name',
  })
  return (
    <>
      <FormSection>
        <NameFields control={control} nameHint={props.nameHint} />
      </FormSection>
      <FormSection title="Roles and projects">
        <MultiSelectField
          control={control}
          name="roleIDs"
          label="Roles"
          description="What members of this group may do."
          data={options(roles.data, values.roleIDs)}
          {...picker('Choose roles', Boolean(roles.data))}
        />
        <MultiSelectField
          control={control}
          name="projectIDs"
          label="Projects"
          description="Where the members get these roles. Each chosen project is updated to list this group once the group is saved."
          data={options(projects.data, values.projectIDs)}
          {...picker('Choose projects', Boolean(projects.data))}
        />
      </FormSection>
      <FormSection title="Members">
        <MultiSelectField
          control={control}
          name="userIDs"
          label="Users"
          description="People who get this group's roles."
          data={options(users.data, values.userIDs)}
          {...picker('Choose users', Boolean(users.data))}
        />
        <MultiSelectField
          control={control}
          name="serviceAccountIDs"
          label="Service accounts"
          description="Tokens that get this group's roles."
          data={options(accounts.data, values.serviceAccountIDs)}
          {...picker('Choose service accounts', Boolean(accounts.data))}
        />
        <RowsEditor
          control={control}
          name="subjects"
          label="Subjects"
          description="People named by their identity provider rather than as users of this organization: the provider's URL, the id it gives them and, optionally, their e-mail address."
          empty="No subjects."
          row="subject"
          inputs={[
            {
              field: 'issuer',
              heading: 'Provider URL',
              label: (n) => `Subject ${n} provider URL`,
              placeholder: 'https://accounts.example.com',
            },
            { field: 'id', heading: 'Id', label: (n) => `Subject ${n} id`, placeholder: 'Id at the provider' },
            {
              field: 'email',
              heading: 'E-mail',
              label: (n) => `Subject ${n} e-mail`,
              placeholder: 'Optional',
            },
          ]}
        />
      </FormSection>
    </>
  )
}
