import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { q } from '../../../api/endpoint'
import { projectApi } from '../../../api/identity'
import { loadBalancerApi, type LoadBalancer } from '../../../api/loadBalancers'
import { readQuery } from '../../../api/read'
import { DetailList } from '../../../components/DetailList'
import { SwitchField } from '../../../components/form/fields'
import { backToResource } from '../../../components/form/form-outcomes'
import { FormPage, FormSection, NameFields } from '../../../components/form/FormPage'
import { KeyedEditForm, useLatestValues } from '../../../components/form/KeyedEditForm'
import { TagsSection } from '../../../components/form/TagsField'
import { inProject, useUniqueName } from '../../../components/form/unique-name'
import { useResourceForm } from '../../../components/form/useResourceForm'
import { Anchor } from '../../../components/mantine/Anchor'
import { Code } from '../../../components/mantine/Code'
import { nameCrumb } from '../../../components/NameCrumb'
import { editFormLoader } from '../../../lib/form-route'
import { paths } from '../../../lib/paths'
import { resources } from '../../../lib/resources'
import { useScopeNames } from '../../../lib/use-scope-names'
import { ListenersEditor } from '../components/ListenersEditor'
import { loadBalancerUpdate, updateDefaults } from '../load-balancer-form'
import { loadBalancerReads } from '../load-balancer-reads'

// The project's name shows with the form, not its id first (prefetch: a platform without the list shows the id).
export const loader = editFormLoader(async (queryClient, params) => {
  const balancer = await queryClient.ensureQueryData(readQuery(loadBalancerReads.item(params.loadBalancerId!)))
  await queryClient.prefetchQuery(q(projectApi.list, { organizationID: balancer.metadata.organizationId }))
})

export const handle = nameCrumb(loadBalancerApi.detail, 'loadBalancerId', (loadBalancerID) => ({ loadBalancerID }))

export function Component() {
  const loadBalancerId = useParams().loadBalancerId!
  return (
    <KeyedEditForm
      query={readQuery(loadBalancerReads.item(loadBalancerId))}
      form={(balancer) => <LoadBalancerEditForm balancer={balancer} />}
    />
  )
}

function LoadBalancerEditForm({ balancer }: { balancer: LoadBalancer }) {
  const loadBalancerId = balancer.metadata.id
  const { form, submit } = useResourceForm({
    ...loadBalancerUpdate,
    defaultValues: updateDefaults(balancer),
    latest: useLatestValues(updateDefaults),
    params: { loadBalancerID: loadBalancerId },
    ...backToResource(resources.loadBalancers, loadBalancerId),
    uniqueName: useUniqueName(
      resources.loadBalancers.nameTaken,
      (_valid, client) => client.fetchQuery(q(loadBalancerApi.list, inProject(balancer))),
      loadBalancerId,
    ),
  })
  const network = useQuery(readQuery(loadBalancerReads.edit(balancer).network))
  const { projectName, regionName } = useScopeNames(balancer.metadata.organizationId)
  const { networkId, regionId, vipAddress } = balancer.status

  return (
    <FormPage
      {...submit}
      title={`Edit ${balancer.metadata.name}`}
      description="Change the listeners, the public IP, the name, description and tags. The network and the virtual IP are fixed once created."
      submitLabel="Save changes"
    >
      <FormSection>
        <DetailList
          cols={4}
          items={[
            {
              label: 'Network',
              value: (
                <Anchor component={Link} to={paths.networks.item(networkId)} size="sm">
                  {network.data?.metadata.name ?? networkId}
                </Anchor>
              ),
            },
            { label: 'Virtual IP', value: vipAddress ? <Code>{vipAddress}</Code> : 'Not reported yet' },
            { label: 'Region', value: regionName.get(regionId) ?? regionId },
            { label: 'Project', value: projectName.get(balancer.metadata.projectId) ?? balancer.metadata.projectId },
          ]}
        />
      </FormSection>
      <FormSection>
        <NameFields control={form.control} />
        <SwitchField
          control={form.control}
          name="publicIP"
          label="Public IP"
          description="Reachable from the internet on a public address as well as on the virtual IP. Turned off, the address is released."
        />
      </FormSection>
      <FormSection>
        <ListenersEditor control={form.control} />
      </FormSection>
      <TagsSection control={form.control} />
    </FormPage>
  )
}
