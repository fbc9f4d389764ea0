import type { Control } from 'react-hook-form'
import { FormSection } from '../../../components/form/FormPage'
import { TagsSection } from '../../../components/form/TagsField'
import type { SecurityGroupUpdateValues } from '../security-group-form'
import { RulesEditor } from './RulesEditor'

/** The end of both security group forms: the rules, then the tags. */
export function RulesSections<T extends SecurityGroupUpdateValues>({ control }: { control: Control<T> }) {
  return (
    <>
      <FormSection>
        <RulesEditor control={control} />
      </FormSection>
      <TagsSection control={control} />
    </>
  )
}
