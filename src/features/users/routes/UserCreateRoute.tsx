import { useState } from 'react'

import { FormPage, FormSection } from '../../../components/form/FormPage'
import { useCreateForm } from '../../../components/form/useCreateForm'
import { TextareaField, TextField } from '../../../components/form/fields'
import { TagsSection } from '../../../components/form/TagsField'
import { getScope } from '../../../lib/scope'
import { createFormRoute, prefetchGroups } from '../../../lib/form-route'
import { UserAccessFields } from '../components/UserAccessFields'
import { noticeTagsNotKept } from '../tags-not-kept-notice'
import { DUPLICATE_SUBJECT, userCreate, userCreateDefaults } from '../user-form'
import { resources } from '../../../lib/resources'

export const { loader } = createFormRoute({ prefetch: prefetchGroups })

export function Component() {
  const [organizationID] = useState(() => getScope().organizationId ?? '')
  const { form, submit } = useCreateForm(resources.users, userCreate, {
    params: { organizationID },
    defaultValues: userCreateDefaults,
    savedMessage: (user) => `User ${user.spec.subject} added.`,
    onSaved: (user, body) => noticeTagsNotKept(body, user),
    // A duplicate is a fact about the address the user typed: said there, not at the top of the form.
    conflict: { field: 'subject', message: DUPLICATE_SUBJECT },
  })

  return (
    <FormPage
      {...submit}
      description="Someone who signs in with their e-mail address. Their groups decide what they can do."
    >
      <FormSection>
        <TextField
          control={form.control}
          name="subject"
          label="E-mail address"
          description="The address they sign in with; it identifies the user and cannot be changed later."
          withAsterisk
          type="email"
          autoComplete="off"
          spellCheck={false}
        />
        <UserAccessFields control={form.control} organizationID={organizationID} />
      </FormSection>
      <FormSection>
        <TextField
          control={form.control}
          name="name"
          label="Name (optional)"
          description="Needed for a description or tags; without one, the platform names the user after their address."
          autoComplete="off"
        />
        <TextareaField
          control={form.control}
          name="description"
          label="Description (optional)"
          description="e.g. their full name or team."
          minRows={2}
        />
      </FormSection>
      <TagsSection control={form.control} />
    </FormPage>
  )
}
