import { nameBesideAddress } from '../user-name'
import { useParams } from 'react-router'

import type { User } from '../../../api/schemas/identity'
import { consoleConfigQuery } from '../../../api/session'

import { DetailList } from '../../../components/DetailList'
import { BreakableAddress } from '../../../components/BreakableAddress'
import { FormPage, FormSection } from '../../../components/form/FormPage'
import { useResourceForm } from '../../../components/form/useResourceForm'
import { KeyedEditForm, useLatestResource } from '../../../components/form/KeyedEditForm'
import { TagsSection } from '../../../components/form/TagsField'
import { paths } from '../../../lib/paths'
import { scopedRoute } from '../../../lib/route-module'
import { useStoredScope } from '../../../lib/scope'
import { ConfirmSuspend } from '../components/ConfirmSuspend'
import { UserAccessFields } from '../components/UserAccessFields'
import { noticeTagsNotKept } from '../tags-not-kept-notice'
import { isSuspending, toUpdateWire, updateDefaults, userUpdateForm } from '../user-form'
import { q } from '../../../api/endpoint'
import { userApi } from '../../../api/identity'
import { listCrumb } from '../../../components/NameCrumb'

export const { loader } = scopedRoute((queryClient, { params, organizationID }) =>
  Promise.all([
    queryClient.ensureQueryData(q(userApi.detail, { organizationID, userID: params.userId! })),
    queryClient.ensureQueryData(consoleConfigQuery()),
  ]),
)

export const handle = listCrumb(userApi.list, 'userId', (user) => user.spec.subject)

export function Component() {
  const userId = useParams().userId!
  const organizationID = useStoredScope().organizationId ?? ''
  return (
    <KeyedEditForm
      query={q(userApi.detail, { organizationID, userID: userId })}
      form={(user) => <UserEditForm user={user} organizationID={organizationID} />}
    />
  )
}

function UserEditForm({ user, organizationID }: { user: User; organizationID: string }) {
  const userId = user.metadata.id
  // The update takes the whole user: what this form does not edit (the name and description) goes back as read at the
  // submit, and whether saving suspends them is judged from their state then, not as the form opened.
  const { current, latest } = useLatestResource(user, updateDefaults)
  const { form, submit } = useResourceForm({
    schema: userUpdateForm,
    defaultValues: updateDefaults(user),
    latest,
    idLists: ['groupIDs'],
    endpoint: userApi.update,
    params: { organizationID, userID: userId },
    wire: (values) => toUpdateWire(current.current, values),
    savedMessage: (saved) => `User ${saved.spec.subject} saved.`,
    onSaved: (saved, body) => noticeTagsNotKept(body, saved),
    leaveTo: paths.users.item(userId),
    // Suspending locks the user out at once: asked first.
    holdIf: (valid) => isSuspending(current.current.spec.state, valid.state),
  })
  const name = nameBesideAddress(user)

  return (
    <>
      <FormPage
        {...submit}
        title={
          // Wrapped at the address's @ on a phone, not inside a word.
          <>
            Edit <BreakableAddress address={user.spec.subject} />
          </>
        }
        description="Change whether the user may sign in, their groups and their tags. The address is fixed once added."
        submitLabel="Save changes"
      >
        <FormSection>
          <DetailList
            cols={2}
            items={[
              { label: 'E-mail address', value: user.spec.subject },
              ...(name ? [{ label: 'Name', value: name }] : []),
            ]}
          />
        </FormSection>
        <FormSection>
          <UserAccessFields control={form.control} organizationID={organizationID} />
        </FormSection>
        <TagsSection control={form.control} />
      </FormPage>
      <ConfirmSuspend
        opened={submit.held !== undefined}
        subject={user.spec.subject}
        loading={submit.loading}
        onConfirm={submit.release}
        onClose={submit.dismiss}
      />
    </>
  )
}
