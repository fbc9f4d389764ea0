import type { Control } from 'react-hook-form'
import { FormSection, NameFields, NAME_HINT } from '../../../components/form/FormPage'
import { GroupsField } from '../../../components/form/GroupsField'
import { TagsSection } from '../../../components/form/TagsField'
import type { ServiceAccountValues } from '../service-account-form'

interface ServiceAccountFieldsProps {
  control: Control<ServiceAccountValues>
  organizationID: string
  /** A new account's form says what a name may hold and what the description is for. */
  creating?: boolean
}

/** What the service account create and edit forms ask: name, description, the groups its token acts for, tags. */
export function ServiceAccountFields({ control, organizationID, creating }: ServiceAccountFieldsProps) {
  const hints = creating
    ? { nameHint: NAME_HINT, descriptionHint: 'What uses this token, so others know before they rotate or delete it.' }
    : {}
  return (
    <>
      <FormSection>
        <NameFields control={control} {...hints} />
        <GroupsField
          control={control}
          organizationID={organizationID}
          description="The token may do what the roles of these groups grant."
        />
      </FormSection>
      <TagsSection control={control} />
    </>
  )
}
