import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { List } from '../../../components/mantine/List'
import { Modal } from '../../../components/mantine/Modal'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { useParams } from 'react-router'
import { q } from '../../../api/endpoint'
import { organizationApi } from '../../../api/identity'
import type { Organization } from '../../../api/schemas/identity'
import { consoleConfigQuery } from '../../../api/session'
import { FormPage, FormSection, NameFields } from '../../../components/form/FormPage'
import { SelectField, TextField } from '../../../components/form/fields'
import { KeyedEditForm } from '../../../components/form/KeyedEditForm'
import { useResourceForm } from '../../../components/form/useResourceForm'
import { paths } from '../../../lib/paths'
import { scopedRoute } from '../../../lib/route-module'
import { editDefaults, organizationForm, signInChanges, toWire } from '../organization-form'
import { PROVIDER_SCOPES, SIGN_IN_TYPES } from '../sign-in-words'

export const { loader } = scopedRoute((queryClient, { params }) =>
  Promise.all([
    queryClient.ensureQueryData(q(organizationApi.detail, { organizationID: params.organizationId! })),
    queryClient.ensureQueryData(consoleConfigQuery()),
  ]),
)

export function Component() {
  const organizationID = useParams().organizationId!
  return (
    <KeyedEditForm
      query={q(organizationApi.detail, { organizationID })}
      form={(organization) => <OrganizationEditForm organization={organization} />}
    />
  )
}

function OrganizationEditForm({ organization }: { organization: Organization }) {
  const defaults = editDefaults(organization)
  const { form, submit } = useResourceForm({
    schema: organizationForm,
    defaultValues: defaults,
    endpoint: organizationApi.update,
    params: { organizationID: organization.metadata.id },
    wire: (values) => toWire(values, organization),
    savedMessage: (_saved, valid) => `Organization ${valid.name.trim()} saved.`,
    leaveTo: paths.organizations.list(),
    // A wrong domain or provider can lock people out: what the change does is said, and confirmed, first.
    holdIf: (valid) => signInChanges(defaults, valid).length > 0,
  })
  const changes = submit.held ? signInChanges(defaults, submit.held) : []

  return (
    <>
      <FormPage
        {...submit}
        title={`Edit ${organization.metadata.name}`}
        description="Change the organization's name and description, and how its people sign in."
        submitLabel="Save changes"
      >
        <FormSection>
          <NameFields control={form.control} />
        </FormSection>
        <FormSection title="Sign-in">
          <Text size="sm" c="dimmed">
            These decide who can sign in to this organization. A wrong domain or provider can lock people out, so a
            change to them is explained before it is saved.
          </Text>
          <SelectField
            control={form.control}
            name="organizationType"
            label="Type"
            withAsterisk
            data={Object.entries(SIGN_IN_TYPES).map(([value, words]) => ({ value, label: words.label }))}
            description={SIGN_IN_TYPES[form.watch('organizationType')].says}
          />
          <TextField
            control={form.control}
            name="domain"
            label="E-mail domain"
            description="People whose addresses are at this domain are matched to this organization."
            autoComplete="off"
          />
          <SelectField
            control={form.control}
            name="providerScope"
            label="Provider scope"
            description="Where the provider below is defined."
            placeholder="Not set"
            data={Object.entries(PROVIDER_SCOPES).map(([value, label]) => ({ value, label }))}
          />
          <TextField
            control={form.control}
            name="providerID"
            label="Provider ID"
            description="The identity provider people sign in through."
            autoComplete="off"
          />
        </FormSection>
      </FormPage>
      <Modal
        opened={submit.held !== undefined}
        onClose={submit.dismiss}
        title="Change how people sign in"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text size="sm">
            Saving changes how people sign in to <b>{organization.metadata.name}</b>:
          </Text>
          <List size="sm" spacing={4} aria-label="What the change does">
            {changes.map((change) => (
              <List.Item key={change}>{change}</List.Item>
            ))}
          </List>
          <Text size="sm">Someone already signed in keeps their session until it ends.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={submit.dismiss} disabled={submit.loading}>
              Cancel
            </Button>
            <Button color="red" onClick={submit.release} loading={submit.loading} data-autofocus>
              Save sign-in changes
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  )
}
