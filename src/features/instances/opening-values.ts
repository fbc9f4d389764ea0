import type { QueryClient } from '@tanstack/react-query'
import { projectApi } from '../../api/identity'
import { instanceApi } from '../../api/instances'
import { networkApi } from '../../api/networks'
import { readOf, readQuery, type Read } from '../../api/read'
import type { Scope } from '../../lib/scope'
import { namesById } from '../../lib/use-scope-names'
import { proposedProject, proposeFromImage, type ProposalNotes } from './image-proposal'
import { createDefaults, type InstanceCreateValues } from './instance-form'
import { instanceCreateReads } from './instance-reads'

// The create form's first values, opened from an image: the lists its proposals come from are waited for by the
// route's loader, so the form mounts once with them as its defaults rather than having values pushed in later.

/**
 * What a project is proposed from when none is in scope: the organization's networks and instances, every project
 * and region (the lists' "all projects" view and the overview's, so often in the cache already), and the project
 * names the scope check read.
 */
const organizationReads = (organizationID: string) => ({
  networks: readOf(networkApi.list, { organizationID: [organizationID] }),
  instances: readOf(instanceApi.list, { organizationID: [organizationID] }),
  projects: readOf(projectApi.list, { organizationID }),
})

/** Whether the form opens from an image with no project chosen, so one is proposed first. */
const needsProject = (values: InstanceCreateValues) =>
  Boolean(values.imageId && values.organizationId && values.regionId && !values.projectId)

/** The link's and scope's values, with the proposed project where none is chosen; and the sentence saying why. */
function withProject(queryClient: QueryClient, values: InstanceCreateValues) {
  if (!needsProject(values)) return { values, why: undefined }
  const reads = organizationReads(values.organizationId)
  const cached = <P, R>(read: Read<P, R>) => queryClient.getQueryData(readQuery(read).queryKey)
  const networks = cached(reads.networks)
  const instances = cached(reads.instances)
  if (!networks || !instances) return { values, why: undefined }
  const project = proposedProject({
    regionId: values.regionId,
    networks,
    instances,
    projectName: namesById(cached(reads.projects)),
  })
  return project
    ? { values: { ...values, projectId: project.projectId }, why: project.why }
    : { values, why: undefined }
}

/**
 * For the route's loader: opened from an image (`?image=…`), what the proposals are read from, the project's first
 * when none is in scope. A read that fails is not waited on again: the form opens without that proposal, and its
 * picker says why.
 */
export async function waitForProposals(queryClient: QueryClient, scope: Scope, url: URL): Promise<void> {
  if (!url.searchParams.get('image')) return
  const opened = createDefaults(scope, url.searchParams)
  if (needsProject(opened)) {
    const { networks, instances, projects } = organizationReads(opened.organizationId)
    await Promise.allSettled([
      queryClient.ensureQueryData(readQuery(networks)),
      queryClient.ensureQueryData(readQuery(instances)),
      queryClient.ensureQueryData(readQuery(projects)),
    ])
  }
  const reads = instanceCreateReads(withProject(queryClient, opened).values)
  const wait = <P, R>({ read, asked }: { read: Read<P, R>; asked: boolean }) =>
    asked ? queryClient.ensureQueryData(readQuery(read)) : undefined
  await Promise.allSettled([
    wait(reads.images),
    wait(reads.flavors),
    wait(reads.networks),
    wait(reads.projectInstances),
  ])
}

/**
 * The form's first values: the scope and the link's preselection, and, opened from an image, the proposals made from
 * the lists in the cache, with the sentences saying what was chosen (none when nothing was proposed).
 */
export function openingValues(
  queryClient: QueryClient,
  scope: Scope,
  params: URLSearchParams,
): { values: InstanceCreateValues; why: ProposalNotes } {
  const { values, why: projectWhy } = withProject(queryClient, createDefaults(scope, params))
  const reads = instanceCreateReads(values)
  const cached = <P, R>({ read, asked }: { read: Read<P, R>; asked: boolean }) =>
    asked ? queryClient.getQueryData(readQuery(read).queryKey) : undefined
  const image = cached(reads.images)?.find((i) => i.metadata.id === values.imageId)
  const flavors = cached(reads.flavors)
  if (!image || !flavors) return { values, why: { project: projectWhy } }
  const proposal = proposeFromImage({
    image,
    flavors,
    networks: cached(reads.networks),
    instanceNames: (cached(reads.projectInstances) ?? []).map((i) => i.metadata.name),
  })
  return {
    values: {
      ...values,
      networkId: values.networkId || proposal.networkId || '',
      flavorId: values.flavorId || proposal.flavorId || '',
      name: proposal.name,
    },
    why: { project: projectWhy, ...proposal.why },
  }
}
