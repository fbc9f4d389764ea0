import { Text } from '../../../components/mantine/Text'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useSearchParams } from 'react-router'

import { FormPage, FormSection, NAME_HINT, NameFields } from '../../../components/form/FormPage'
import { SelectField } from '../../../components/form/fields'
import { NetworkField, usePlacedNetworks } from '../../../components/form/NetworkField'
import { ProjectRegionFields } from '../../../components/form/ProjectRegionFields'
import { QuotaHint, useQuotaFit } from '../../../components/form/QuotaHint'
import { TagsField } from '../../../components/form/TagsField'
import { useCreateForm } from '../../../components/form/useCreateForm'
import { inPlacedProject, TAKEN_NAME } from '../../../components/form/unique-name'
import { useNames } from '../../../lib/use-names'
import { getScope } from '../../../lib/scope'
import { createFormRoute } from '../../../lib/form-route'
import { AccessFields } from '../components/AccessFields'
import { FlavorChoice } from '../../../components/form/FlavorChoice'
import { ImageChoice } from '../../../components/form/ImageChoice'
import { InstanceSummary } from '../components/InstanceSummary'
import { UserDataField } from '../components/UserDataField'
import { instanceCreate } from '../instance-form'
import { reproposeForProject } from '../image-proposal'
import { openingValues, waitForProposals } from '../opening-values'
import { readQuery } from '../../../api/read'
import { instanceCreateReads } from '../instance-reads'
import { resources } from '../../../lib/resources'
import { useScopeNames } from '../../../lib/use-scope-names'
import { instanceApi } from '../../../api/instances'

// Opened from an image, the form waits for what it proposes from (the network, the flavor, a name).
export const { loader } = createFormRoute({
  wait: (queryClient, url) => waitForProposals(queryClient, getScope(), url),
})

export function Component() {
  const [params] = useSearchParams()
  const queryClient = useQueryClient()
  // The scope, the link's preselection and what it proposes are read once: later changes of the URL, the scope or
  // the lists never reset the input.
  const [{ values: defaults, why: opened }] = useState(() => openingValues(queryClient, getScope(), params))
  // What the note says was proposed: as the form opened, then again for another project the user picks.
  const [proposed, setProposed] = useState(opened)
  const proposedLines = Object.values(proposed).filter((why): why is string => Boolean(why))
  // The name last proposed: one the user wrote instead is theirs, and kept.
  const proposedName = useRef(defaults.name)
  const organizationID = defaults.organizationId
  const { form, submit, values } = useCreateForm(resources.instances, instanceCreate, {
    params: {},
    defaultValues: defaults,
    siblings: inPlacedProject(instanceApi.list),
    // A 409 whose words are not about the name stays at the top of the form, in the platform's words.
    conflict: { field: 'name', message: resources.instances.nameTaken, when: TAKEN_NAME },
  })
  const { projectId, regionId, networkId } = values

  const names = useScopeNames(organizationID)
  const reads = instanceCreateReads(values)
  const networks = usePlacedNetworks({ organizationID, projectId, regionId })
  const flavors = useQuery({ ...readQuery(reads.flavors.read), enabled: reads.flavors.asked })
  const images = useQuery({ ...readQuery(reads.images.read), enabled: reads.images.asked })
  const groups = useQuery({ ...readQuery(reads.networkGroups.read), enabled: reads.networkGroups.asked })
  const authorities = useQuery({
    ...readQuery(reads.certificateAuthorities.read),
    enabled: reads.certificateAuthorities.asked,
  })

  const flavor = flavors.data?.find((f) => f.metadata.id === values.flavorId)
  const image = images.data?.find((i) => i.metadata.id === values.imageId)
  const network = networks.data?.find((n) => n.metadata.id === networkId)
  // An instance takes one server, and its flavor's GPUs: said under the flavors, where the choice is made.
  const gpus = flavor?.spec.gpu?.physicalCount ?? 0
  const quota = useQuotaFit(organizationID, [
    { kind: 'servers', amount: 1, unit: ['server', 'servers'], what: 'This instance' },
    {
      kind: 'gpus',
      amount: gpus,
      unit: ['GPU', 'GPUs'],
      what: gpus === 1 ? "This flavor's GPU" : `This flavor's ${gpus} GPUs`,
    },
  ])

  const regionName = names.regionName.get(regionId) ?? (regionId || undefined)
  const groupName = useNames('securityGroups', organizationID)
  const groupNames = values.securityGroupIds.map((id) => groupName.get(id) ?? id)

  /** Another project, picked in a form opened from an image: its network and a name free in it, said in the note. */
  async function proposeAgain(next: string) {
    const placed = instanceCreateReads({ ...form.getValues(), projectId: next })
    const [networkList, instances] = await Promise.all([
      queryClient.fetchQuery(readQuery(placed.networks.read)),
      queryClient.fetchQuery(readQuery(placed.projectInstances.read)),
    ]).catch(() => [undefined, undefined] as const)
    // The user has moved on (another project, or a network of their own) while the lists came.
    if (!networkList || !instances || form.getValues('projectId') !== next || form.getValues('networkId')) return
    const name = form.getValues('name')
    const again = reproposeForProject({
      image: images.data?.find((i) => i.metadata.id === form.getValues('imageId')),
      projectName: names.projectName.get(next) ?? next,
      networks: networkList,
      instanceNames: instances.map((i) => i.metadata.name),
      keepName: name === proposedName.current ? undefined : name,
      notes: proposed,
    })
    if (again.networkId) form.setValue('networkId', again.networkId)
    if (again.name) form.setValue('name', (proposedName.current = again.name))
    setProposed(again.why)
  }

  return (
    <FormPage
      {...submit}
      description="A virtual machine or bare-metal server on one of your networks. It starts as soon as it is provisioned."
      notice={
        <InstanceSummary
          name={values.name}
          flavor={flavor}
          image={image}
          imageId={values.imageId}
          network={network}
          regionName={regionName}
          securityGroupNames={groupNames}
          publicIP={values.publicIP}
        />
      }
    >
      <FormSection title="1. Where it runs">
        {proposedLines.length > 0 && (
          // One choice a line: as one sentence, four choices with their reasons read as a block.
          <div role="note" aria-label="Proposed from the image">
            <Text size="sm">Proposed from the image; change any of them below:</Text>
            <Text size="sm" component="ul" m={0} pl="lg">
              {proposedLines.map((why) => (
                <li key={why}>{why}</li>
              ))}
            </Text>
          </div>
        )}
        <ProjectRegionFields
          control={form.control}
          organizationID={organizationID}
          projectField="projectId"
          regionField="regionId"
          // Networks belong to a project: another project clears the network and its security groups; opened from an
          // image, what depends on the project is proposed again for it.
          onProjectChange={(next) => {
            form.setValue('networkId', '')
            form.setValue('securityGroupIds', [])
            if (proposedLines.length > 0) void proposeAgain(next)
          }}
          // Networks, flavors and images are per region: another region clears them.
          onRegionChange={() => {
            for (const field of ['networkId', 'flavorId', 'imageId'] as const) form.setValue(field, '')
            form.setValue('securityGroupIds', [])
          }}
        />
        <NetworkField
          control={form.control}
          name="networkId"
          networks={networks}
          placed={Boolean(projectId && regionId)}
          regionName={regionName}
          description="The instance gets a private address in this network."
          onPick={(next) => next !== networkId && form.setValue('securityGroupIds', [])}
        />
      </FormSection>

      <FormSection title="2. Flavor and image" gap="lg">
        {!regionId ? (
          <Text size="sm" c="dimmed">
            Choose a region to see its flavors and images.
          </Text>
        ) : (
          <FlavorChoice form={form} flavors={flavors} images={images.data} />
        )}
        <QuotaHint fit={quota} />
        {regionId && <ImageChoice control={form.control} images={images} flavor={flavor} />}
      </FormSection>

      <FormSection title="3. Access">
        <AccessFields
          control={form.control}
          groups={groups}
          networkChosen={Boolean(networkId)}
          groupsDescription="Firewall rules of the chosen network; none means the network's defaults apply."
          publicIPDescription="Reachable from the internet, subject to its security groups."
        />
        <SelectField
          control={form.control}
          name="sshCertificateAuthorityId"
          label="SSH certificate authority"
          description="Trusted at first boot and fixed afterwards: people then sign in with a certificate it signed, and the platform makes no SSH key for the instance."
          placeholder={projectId ? 'None: the platform makes an SSH key' : 'Choose a project first'}
          clearable
          data={(authorities.data ?? []).map((ca) => ({ value: ca.metadata.id, label: ca.metadata.name }))}
        />
      </FormSection>

      <FormSection title="4. First boot">
        <UserDataField
          control={form.control}
          name="userData"
          description="Optional: a cloud-config, a script or a MIME archive that cloud-init runs when the instance first boots. The console sends it base64-encoded."
        />
      </FormSection>

      <FormSection title="5. Name and tags">
        <NameFields control={form.control} nameHint={`${NAME_HINT.slice(0, -1)}, unique in the project.`} />
        <TagsField control={form.control} name="tags" />
      </FormSection>
    </FormPage>
  )
}
