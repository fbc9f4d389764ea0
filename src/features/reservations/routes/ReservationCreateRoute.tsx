import { useQuery } from '@tanstack/react-query'
import { useWatch } from 'react-hook-form'
import { q } from '../../../api/endpoint'
import { reservationApi } from '../../../api/reservations'
import { NumberField, SelectField } from '../../../components/form/fields'
import { FormPage, FormSection, NAME_HINT, NameFields } from '../../../components/form/FormPage'
import { ProjectRegionFields } from '../../../components/form/ProjectRegionFields'
import { useCreateForm } from '../../../components/form/useCreateForm'
import { Text } from '../../../components/mantine/Text'
import { createFormRoute, usePlacedDefaults } from '../../../lib/form-route'
import { resources } from '../../../lib/resources'
import { capacityVerdict, offerKey, reservationCreate } from '../reservation-form'
import { unitShape } from '../UnitCatalog'

export const { loader } = createFormRoute({
  prefetch: (queryClient, { organizationId }) => {
    if (organizationId) void queryClient.prefetchQuery(q(reservationApi.units, { organizationID: organizationId }))
  },
})

export function Component() {
  const defaults = usePlacedDefaults({ offer: '', count: 1 })
  const organizationID = defaults.organizationId
  const { form, submit } = useCreateForm(resources.reservations, reservationCreate, {
    params: {},
    defaultValues: defaults,
  })
  const [regionId, offer, count] = useWatch({ control: form.control, name: ['regionId', 'offer', 'count'] })
  const units = useQuery({ ...q(reservationApi.units, { organizationID }), enabled: Boolean(organizationID) })
  const offered = (units.data ?? []).filter((u) => u.regionId === regionId)
  const chosen = offered.find((u) => offerKey(u) === offer)
  const verdict = capacityVerdict(chosen, count)
  return (
    <FormPage
      {...submit}
      description="Claim whole NVLink domains of a region's GPU hardware for a project: the platform takes them side by side in one pod, or refuses when no run that long is free."
    >
      <FormSection>
        <NameFields control={form.control} nameHint={NAME_HINT} />
        <ProjectRegionFields
          control={form.control}
          organizationID={organizationID}
          projectField="projectId"
          regionField="regionId"
          onRegionChange={() => form.setValue('offer', '')}
        />
      </FormSection>
      <FormSection title="Capacity">
        <SelectField
          control={form.control}
          name="offer"
          label="Reservation unit"
          withAsterisk
          placeholder={!regionId ? 'Choose a region first' : units.isPending ? 'Loading units…' : 'Choose a unit'}
          nothingFoundMessage="No reservation unit is offered in this region."
          data={offered.map((u) => ({ value: offerKey(u), label: `${u.accelerator} ${u.unit}: ${unitShape(u)}` }))}
        />
        <NumberField
          control={form.control}
          name="count"
          label="Units"
          withAsterisk
          description={
            chosen
              ? `${chosen.availableUnitCount} of ${chosen.totalCount} free; at most ${chosen.largestContiguousUnitCount} side by side.`
              : 'How many neighbouring units to claim.'
          }
        />
        {verdict && (
          <Text
            size="sm"
            role="status"
            c={verdict.fits ? undefined : 'var(--mantine-color-error)'}
            fw={verdict.fits ? undefined : 600}
          >
            {verdict.fits ? '✓ ' : '⚠ '}
            {verdict.text}
          </Text>
        )}
      </FormSection>
    </FormPage>
  )
}
