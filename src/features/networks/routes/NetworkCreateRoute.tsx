import { Alert } from '../../../components/mantine/Alert'
import { Code } from '../../../components/mantine/Code'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { useQuery } from '@tanstack/react-query'

import { FormPage, FormSection, NAME_HINT, NameFields } from '../../../components/form/FormPage'
import { TextField } from '../../../components/form/fields'
import { prefetchQuotas, QuotaHint, useQuotaFit } from '../../../components/form/QuotaHint'
import { ProjectRegionFields } from '../../../components/form/ProjectRegionFields'
import { useCreateForm } from '../../../components/form/useCreateForm'
import { inPlacedProject } from '../../../components/form/unique-name'
import { parseCidr } from '../../../lib/cidr'
import { createFormRoute, usePlacedDefaults } from '../../../lib/form-route'
import { NetworkRowsSections } from '../components/NetworkRowsFields'
import { findOverlap, networkCreate } from '../network-form'
import { ReservationFields } from '../components/ReservationFields'
import { q } from '../../../api/endpoint'
import { networkApi } from '../../../api/networks'
import { resources } from '../../../lib/resources'
import type { QuotaUse } from '../../../lib/quota-fit'

export const { loader } = createFormRoute({ prefetch: prefetchQuotas })

/** Each network takes one of the organization's networks quota, whatever its size. */
const NETWORK_QUOTA: QuotaUse[] = [{ kind: 'networks', amount: 1, unit: ['network', 'networks'], what: 'This network' }]

export function Component() {
  const defaults = usePlacedDefaults({ prefix: '', reserve: '', providerReserve: '', dnsNameservers: [], routes: [] })
  const organizationID = defaults.organizationId
  const { form, submit, values } = useCreateForm(resources.networks, networkCreate, {
    params: {},
    defaultValues: defaults,
    siblings: inPlacedProject(networkApi.list),
  })
  // Networks of the chosen project, to warn about an overlapping block before the user submits.
  const siblings = useQuery({
    ...q(networkApi.list, { organizationID: [organizationID], projectID: [values.projectId] }),
    enabled: Boolean(organizationID && values.projectId),
  })
  const overlap = findOverlap(values.prefix ?? '', siblings.data ?? [], values.projectId)
  const hostBits = parseCidr(values.prefix ?? '')
  const quota = useQuotaFit(organizationID, NETWORK_QUOTA)

  return (
    <FormPage
      {...submit}
      description="A private IPv4 range in one region of a project, with optional DNS servers and static routes."
      // No field decides how many networks a create takes: the quota is said beside the button that sends it.
      notice={<QuotaHint fit={quota} size="sm" />}
    >
      <FormSection>
        <NameFields control={form.control} nameHint={NAME_HINT} />
        <ProjectRegionFields
          control={form.control}
          organizationID={organizationID}
          projectField="projectId"
          regionField="regionId"
        />
        <Stack gap={6}>
          <TextField
            control={form.control}
            name="prefix"
            label="Prefix"
            description="The network's IPv4 block in CIDR notation, /24 or larger, e.g. 10.0.0.0/16."
            withAsterisk
            spellCheck={false}
            autoComplete="off"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          {!hostBits.ok && hostBits.suggestion && form.formState.errors.prefix && (
            <Text size="xs">
              <button
                type="button"
                className="mantine-focus-auto"
                style={{
                  all: 'unset',
                  cursor: 'pointer',
                  color: 'var(--mantine-color-anchor)',
                  textDecoration: 'underline',
                }}
                onClick={() =>
                  form.setValue('prefix', hostBits.suggestion!, { shouldValidate: true, shouldDirty: true })
                }
              >
                Use {hostBits.suggestion}
              </button>
            </Text>
          )}
          {overlap && (
            <Alert color="amber" variant="light" title="Overlapping network" p="xs">
              <Text size="sm">
                This block overlaps <b>{overlap.metadata.name}</b> (<Code>{overlap.status.prefix}</Code>) in the same
                project. Instances on both cannot reach each other's overlapping addresses.
              </Text>
            </Alert>
          )}
        </Stack>
        <ReservationFields control={form.control} values={values} />
      </FormSection>
      <NetworkRowsSections control={form.control} />
    </FormPage>
  )
}
