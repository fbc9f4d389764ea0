import { useQuery } from '@tanstack/react-query'
import { useWatch } from 'react-hook-form'
import { useSearchParams } from 'react-router'
import { imageApi } from '../../../api/catalogs'
import { q } from '../../../api/endpoint'
import { networkApi } from '../../../api/networks'
import { reservationApi } from '../../../api/reservations'
import { securityGroupApi } from '../../../api/securityGroups'
import { sshCertificateAuthorityApi } from '../../../api/sshCertificateAuthorities'
import { MultiSelectField, NumberField, SelectField, SwitchField, TextareaField } from '../../../components/form/fields'
import { FormPage, FormSection, NAME_HINT, NameFields } from '../../../components/form/FormPage'
import { ProjectRegionFields } from '../../../components/form/ProjectRegionFields'
import { useCreateForm } from '../../../components/form/useCreateForm'
import { List } from '../../../components/mantine/List'
import { SimpleGrid } from '../../../components/mantine/SimpleGrid'
import { createFormRoute, usePlacedDefaults } from '../../../lib/form-route'
import { resources } from '../../../lib/resources'
import { constraintsInWords, placementCreate, type PlacementValues } from '../placement-form'

export const { loader } = createFormRoute()

const READINESS = [
  { value: 'Prefer', label: 'Prefer ready hosts: ready ones first, others when needed' },
  { value: 'Require', label: 'Require ready hosts: only hosts that pass the readiness check' },
  { value: 'Ignore', label: 'Ignore readiness: any free host of the reservation' },
]

export function Component() {
  const [query] = useSearchParams()
  const defaults = usePlacedDefaults<
    Omit<PlacementValues, 'name' | 'description' | 'tags' | 'organizationId' | 'projectId' | 'regionId'>
  >({
    reservationId: query.get('reservation') ?? '',
    networkId: '',
    count: 2,
    policy: 'spread',
    maxSkew: 1,
    minDomains: undefined,
    whenUnsatisfiable: 'fail',
    readiness: 'Prefer',
    imageId: '',
    sshCertificateAuthorityId: '',
    publicIP: false,
    securityGroups: [],
    userData: '',
  })
  const organizationID = defaults.organizationId
  const { form, submit } = useCreateForm(resources.placements, placementCreate, { params: {}, defaultValues: defaults })
  const [projectId, regionId, networkId, count, policy, maxSkew, minDomains, whenUnsatisfiable] = useWatch({
    control: form.control,
    name: ['projectId', 'regionId', 'networkId', 'count', 'policy', 'maxSkew', 'minDomains', 'whenUnsatisfiable'],
  })
  const placed = Boolean(projectId && regionId)
  const inPlace = { organizationID: [organizationID], projectID: [projectId], regionID: [regionId] }
  const reservations = useQuery({ ...q(reservationApi.list, inPlace), enabled: placed })
  const networks = useQuery({ ...q(networkApi.list, inPlace), enabled: placed })
  const images = useQuery({ ...q(imageApi.list, { organizationID, regionID: regionId }), enabled: Boolean(regionId) })
  const cas = useQuery({
    ...q(sshCertificateAuthorityApi.list, { organizationID: [organizationID], projectID: [projectId] }),
    enabled: Boolean(projectId),
  })
  const groups = useQuery({
    ...q(securityGroupApi.list, { organizationID: [organizationID], networkID: [networkId] }),
    enabled: Boolean(networkId),
  })
  const choose = (what: string, ready: boolean, pending: boolean) =>
    !ready ? 'Choose a project and region first' : pending ? `Loading ${what}s…` : `Choose a ${what}`
  return (
    <FormPage
      {...submit}
      description="Servers pinned to hosts of a reservation: the platform picks the hosts as the constraints say, and boots each with the server spec."
    >
      <FormSection>
        <NameFields control={form.control} nameHint={NAME_HINT} />
        <ProjectRegionFields
          control={form.control}
          organizationID={organizationID}
          projectField="projectId"
          regionField="regionId"
          onProjectChange={() => form.setValue('reservationId', '')}
          onRegionChange={() => form.setValue('reservationId', '')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <SelectField
            control={form.control}
            name="reservationId"
            label="Reservation"
            withAsterisk
            disabled={!placed}
            placeholder={choose('reservation', placed, reservations.isPending)}
            nothingFoundMessage="This project has no reservation in this region."
            data={(reservations.data ?? []).map((r) => ({
              value: r.metadata.id,
              label: `${r.metadata.name} (${r.status.claimedUnitCount} × ${r.spec.accelerator} ${r.spec.unit})`,
            }))}
          />
          <SelectField
            control={form.control}
            name="networkId"
            label="Network"
            withAsterisk
            disabled={!placed}
            placeholder={choose('network', placed, networks.isPending)}
            data={(networks.data ?? []).map((n) => ({ value: n.metadata.id, label: n.metadata.name }))}
          />
        </SimpleGrid>
        <NumberField
          control={form.control}
          name="count"
          label="Servers"
          withAsterisk
          description="One per host; they all share the network's InfiniBand partition."
        />
      </FormSection>
      <FormSection title="Constraints">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <SelectField
            control={form.control}
            name="policy"
            label="Policy"
            withAsterisk
            data={[
              { value: 'spread', label: 'Spread over units' },
              { value: 'pack', label: 'Pack into few units' },
            ]}
          />
          <SelectField
            control={form.control}
            name="whenUnsatisfiable"
            label="When unsatisfiable"
            withAsterisk
            data={[
              { value: 'fail', label: 'Fail: place nothing' },
              { value: 'bestEffort', label: 'Best effort: place anyway' },
            ]}
          />
          {policy === 'spread' && (
            <>
              <NumberField control={form.control} name="maxSkew" label="Max skew" description="Default 1." />
              <NumberField control={form.control} name="minDomains" label="Min domains" description="Default 1." />
            </>
          )}
        </SimpleGrid>
        <List size="sm" aria-label="What these constraints do" aria-live="polite">
          {constraintsInWords({ count, policy, maxSkew, minDomains, whenUnsatisfiable }).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <SelectField control={form.control} name="readiness" label="Readiness policy" withAsterisk data={READINESS} />
      </FormSection>
      <FormSection title="Each server">
        <SelectField
          control={form.control}
          name="imageId"
          label="Image"
          withAsterisk
          searchable
          disabled={!regionId}
          placeholder={!regionId ? 'Choose a region first' : images.isPending ? 'Loading images…' : 'Choose an image'}
          data={(images.data ?? []).map((i) => ({ value: i.metadata.id, label: i.metadata.name }))}
        />
        <SelectField
          control={form.control}
          name="sshCertificateAuthorityId"
          label="SSH certificate authority"
          description="People sign in with certificates it signs. Without one, the servers get no SSH access injected."
          disabled={!projectId}
          placeholder={projectId ? 'None' : 'Choose a project first'}
          data={(cas.data ?? []).map((ca) => ({ value: ca.metadata.id, label: ca.metadata.name }))}
        />
        <MultiSelectField
          control={form.control}
          name="securityGroups"
          label="Security groups"
          disabled={!networkId}
          placeholder={networkId ? 'None' : 'Choose a network first'}
          data={(groups.data ?? []).map((g) => ({ value: g.metadata.id, label: g.metadata.name }))}
        />
        <SwitchField control={form.control} name="publicIP" label="Give each server a public IP address" />
        <TextareaField
          control={form.control}
          name="userData"
          label="User data"
          description="cloud-init configuration or a script each server runs at first boot; sent base64-encoded."
          minRows={3}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      </FormSection>
    </FormPage>
  )
}
