import { useQuery } from '@tanstack/react-query'
import { platformReleaseApi } from '../../../api/clusters'
import { q } from '../../../api/endpoint'
import { FormPage, FormSection, NameFields } from '../../../components/form/FormPage'
import { SelectField, SwitchField, TextField } from '../../../components/form/fields'
import { NetworkField, usePlacedNetworks } from '../../../components/form/NetworkField'
import { ProjectRegionFields } from '../../../components/form/ProjectRegionFields'
import { RowsEditor } from '../../../components/form/RowsEditor'
import { TagsSection } from '../../../components/form/TagsField'
import { useCreateForm } from '../../../components/form/useCreateForm'
import { Text } from '../../../components/mantine/Text'
import { createFormRoute, usePlacedDefaults } from '../../../lib/form-route'
import { resources } from '../../../lib/resources'
import { useScopeNames } from '../../../lib/use-scope-names'
import { clusterCreate, clusterDefaults } from '../cluster-form'
import { releaseLabel, releasesFor, suggestedRelease } from '../release-choice'

export const { loader } = createFormRoute({
  prefetch: (queryClient) => void queryClient.prefetchQuery(q(platformReleaseApi.list, {})),
})

export function Component() {
  const defaults = usePlacedDefaults(clusterDefaults)
  const organizationID = defaults.organizationId
  const { form, submit, values } = useCreateForm(resources.clusters, clusterCreate, {
    params: {},
    defaultValues: defaults,
  })
  const { projectId, regionId } = values
  const names = useScopeNames(organizationID)
  const regionName = names.regionName.get(regionId) ?? (regionId || undefined)
  const networks = usePlacedNetworks({ organizationID, projectId, regionId })
  const releases = useQuery(q(platformReleaseApi.list, {}))
  const { offered, missing } = releasesFor(releases.data ?? [], regionId, regionName)

  return (
    <FormPage
      {...submit}
      description="A Kubernetes control plane the platform runs for you, on a network of your project. Add node pools of workers from its page once it is created."
    >
      <FormSection>
        <NameFields control={form.control} />
        <ProjectRegionFields
          control={form.control}
          organizationID={organizationID}
          projectField="projectId"
          regionField="regionId"
          // A network is of one project and region, a release offered per region: a new place clears both.
          onProjectChange={() => pickNetwork('', '')}
          onRegionChange={() => {
            pickNetwork('', '')
            form.setValue('platformReleaseId', '')
          }}
        />
        <NetworkField
          control={form.control}
          name="networkId"
          networks={networks}
          placed={Boolean(projectId && regionId)}
          regionName={regionName}
          description="The nodes get their addresses here; the cluster's region is the network's."
          onPick={(id) => {
            pickNetwork(id, networks.data?.find((n) => n.metadata.id === id)?.status.prefix ?? '')
            if (!form.getValues('platformReleaseId'))
              form.setValue('platformReleaseId', suggestedRelease(offered) ?? '')
          }}
        />
        <SelectField
          control={form.control}
          name="platformReleaseId"
          label="Platform release"
          withAsterisk
          disabled={!regionId}
          placeholder={
            !regionId
              ? 'Choose a region first'
              : releases.isPending
                ? 'Loading releases…'
                : offered.length
                  ? 'Choose a release'
                  : `No release is offered in ${regionName}`
          }
          description="The Kubernetes version and the add-ons' versions the platform installs and keeps patched."
          data={offered.map((release) => ({ value: release.metadata.id, label: releaseLabel(release) }))}
        />
        {regionId && missing.length > 0 && (
          <Text size="xs" c="dimmed">
            Not offered in {regionName}:{' '}
            {missing.map(({ release, why }) => `${release.metadata.name} (${why})`).join('; ')}.
          </Text>
        )}
      </FormSection>
      <FormSection>
        <TextField
          control={form.control}
          name="podCidr"
          label="Pod range"
          description="Pods' addresses (the platform's default is 10.240.0.0/12). It must not overlap the service range or the network."
          withAsterisk
        />
        <TextField
          control={form.control}
          name="serviceCidr"
          label="Service range"
          description="Services' cluster IPs (the platform's default is 10.96.0.0/16). It must not overlap the pod range or the network."
          withAsterisk
        />
      </FormSection>
      <FormSection gap="lg">
        <SwitchField
          control={form.control}
          name="publicIP"
          label="Public API endpoint"
          description="Reach the API server from the internet as well as from the network. Off, kubectl works only from inside the network."
        />
        <RowsEditor
          control={form.control}
          name="allowedCidrs"
          label="Allowed sources"
          description="IPv4 blocks the API server answers, on its private endpoint too."
          empty={
            values.publicIP
              ? 'None listed: the platform answers every source (0.0.0.0/0).'
              : 'None listed: the platform answers every source that can reach the network.'
          }
          row="allowed source"
          inputs={[
            {
              field: 'cidr',
              heading: 'Block',
              label: (row) => `Allowed source ${row}`,
              placeholder: 'e.g. 203.0.113.0/24',
            },
          ]}
        />
        <SwitchField
          control={form.control}
          name="hardware"
          label="Hardware add-ons"
          description="The GPU operator and the drivers for the accelerators of the node pools. On unless you turn it off, as the platform's default is."
        />
      </FormSection>
      <TagsSection control={form.control} />
    </FormPage>
  )

  /** The network chosen, with its block, against which the pod and service ranges are checked. */
  function pickNetwork(id: string, prefix: string) {
    form.setValue('networkId', id)
    form.setValue('networkPrefix', prefix)
    // Ranges already typed are checked again against the new network, where the user is looking.
    if (form.getFieldState('podCidr').isTouched || form.getFieldState('serviceCidr').isTouched)
      void form.trigger(['podCidr', 'serviceCidr'])
  }
}
