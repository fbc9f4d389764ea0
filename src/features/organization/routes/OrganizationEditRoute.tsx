import { Anchor } from '../../../components/mantine/Anchor'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { List } from '../../../components/mantine/List'
import { Modal } from '../../../components/mantine/Modal'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { organizationApi } from '../../../api/identity'
import { readQuery } from '../../../api/read'
import type { Organization } from '../../../api/schemas/identity'
import { consoleConfigQuery } from '../../../api/session'
import { FormPage, FormSection, NameFields } from '../../../components/form/FormPage'
import { SelectField, TextField } from '../../../components/form/fields'
import { KeyedEditForm, useLatestResource } from '../../../components/form/KeyedEditForm'
import { useResourceForm } from '../../../components/form/useResourceForm'
import { paths } from '../../../lib/paths'
import { scopedRoute } from '../../../lib/route-module'
import { editDefaults, organizationForm, signInChanges, toWire } from '../organization-form'
import { organizationReads } from '../organization-reads'
import { PROVIDER_SCOPES, SIGN_IN_TYPES } from '../sign-in-words'

export const { loader } = scopedRoute((queryClient, { params }) => {
  const reads = organizationReads(params.organizationId!)
  return Promise.all([
    queryClient.ensureQueryData(readQuery(reads.organization)),
    queryClient.ensureQueryData(consoleConfigQuery()),
    // What the provider picker offers; a list that cannot be read leaves the id to be typed.
    queryClient.prefetchQuery(readQuery(reads.providers)),
  ])
})

export function Component() {
  const organizationID = useParams().organizationId!
  return (
    <KeyedEditForm
      query={readQuery(organizationReads(organizationID).organization)}
      form={(organization) => <OrganizationEditForm organization={organization} />}
    />
  )
}

function OrganizationEditForm({ organization }: { organization: Organization }) {
  const defaults = editDefaults(organization)
  const reads = organizationReads(organization.metadata.id)
  const providers = useQuery(readQuery(reads.providers))
  // The organization as the save is made against: as the form opened, then as read again at each submit. Another
  // admin's sign-in change made meanwhile is kept, and what the dialog says changes is measured from it.
  const { current, latest } = useLatestResource(organization, editDefaults)
  const providerNames = new Map((providers.data ?? []).map((p) => [p.metadata.id, p.metadata.name]))
  const { form, submit } = useResourceForm({
    schema: organizationForm,
    defaultValues: defaults,
    endpoint: organizationApi.update,
    params: { organizationID: organization.metadata.id },
    wire: (values) => toWire(values, current.current),
    savedMessage: (_saved, valid) => `Organization ${valid.name.trim()} saved.`,
    leaveTo: paths.organizations.list(),
    latest,
    // A wrong domain or provider can lock people out: what the change does is said, and confirmed, first.
    holdIf: (valid) => signInChanges(editDefaults(current.current), valid).length > 0,
  })
  const changes = submit.held ? signInChanges(editDefaults(current.current), submit.held, providerNames) : []
  const scope = form.watch('providerScope')
  // A domain organization needs all three: marked as the form refuses them.
  const needed = form.watch('organizationType') === 'domain'

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
            withAsterisk={needed}
            description="People whose addresses are at this domain are matched to this organization."
            autoComplete="off"
          />
          <SelectField
            control={form.control}
            name="providerScope"
            label="Provider scope"
            withAsterisk={needed}
            description="Where the provider below is defined."
            placeholder="Not set"
            data={Object.entries(PROVIDER_SCOPES).map(([value, label]) => ({ value, label }))}
          />
          {scope === 'organization' && providers.data ? (
            <SelectField
              control={form.control}
              name="providerID"
              label="Provider"
              withAsterisk={needed}
              searchable
              placeholder={providers.data.length ? 'Choose a provider' : 'The organization has none yet'}
              nothingFoundMessage="No provider of the organization matches"
              description={
                <>
                  One of the organization’s own{' '}
                  <Anchor component={Link} to={paths.oauth2Providers.list()} size="xs" inherit underline="always">
                    identity providers
                  </Anchor>
                  , which its people sign in through.
                </>
              }
              data={providerOptions(providers.data, form.watch('providerID'))}
            />
          ) : (
            <TextField
              control={form.control}
              name="providerID"
              label="Provider ID"
              withAsterisk={needed}
              description={
                scope === 'organization'
                  ? 'The organization’s providers could not be read: enter the id of the one its people sign in through.'
                  : 'The built-in identity provider people sign in through, such as google.'
              }
              autoComplete="off"
            />
          )}
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

/** The organization's providers, and an id the organization names that none of them has, as the platform wrote it. */
function providerOptions(providers: readonly { metadata: { id: string; name: string } }[], chosen: string) {
  const options = providers.map((p) => ({ value: p.metadata.id, label: p.metadata.name }))
  return chosen && !providers.some((p) => p.metadata.id === chosen)
    ? [...options, { value: chosen, label: `${chosen} (not one of the organization’s providers)` }]
    : options
}
