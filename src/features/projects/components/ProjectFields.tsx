import type { Control } from 'react-hook-form'
import { FormSection, NameFields } from '../../../components/form/FormPage'
import { GroupsField } from '../../../components/form/GroupsField'
import type { ProjectValues } from '../project-form'

/** What the project create and edit forms ask: its name and description, and the groups that work in it. */
export function ProjectFields(props: { control: Control<ProjectValues>; organizationID: string; nameHint?: string }) {
  return (
    <FormSection>
      <NameFields control={props.control} nameHint={props.nameHint} />
      <GroupsField
        control={props.control}
        organizationID={props.organizationID}
        description="Members of these groups get their groups' roles in this project."
      />
    </FormSection>
  )
}
