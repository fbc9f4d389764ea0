import type { QueryClient } from '@tanstack/react-query'
import { readQuery, type Read } from '../../api/read'
import type { Scope } from '../../lib/scope'
import { proposeFromImage } from './image-proposal'
import { createDefaults, type InstanceCreateValues } from './instance-form'
import { instanceCreateReads } from './instance-reads'

// The create form's first values, opened from an image: the lists its proposals come from are waited for by the
// route's loader, so the form mounts once with them as its defaults rather than having values pushed in later.

/**
 * For the route's loader: opened from an image (`?image=…`), what the proposals are read from. A read that fails is
 * not waited on again: the form opens without that proposal, and its picker says why.
 */
export async function waitForProposals(queryClient: QueryClient, scope: Scope, url: URL): Promise<void> {
  if (!url.searchParams.get('image')) return
  const reads = instanceCreateReads(createDefaults(scope, url.searchParams))
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
): { values: InstanceCreateValues; why: string[] } {
  const values = createDefaults(scope, params)
  const reads = instanceCreateReads(values)
  const cached = <P, R>({ read, asked }: { read: Read<P, R>; asked: boolean }) =>
    asked ? queryClient.getQueryData(readQuery(read).queryKey) : undefined
  const image = cached(reads.images)?.find((i) => i.metadata.id === values.imageId)
  const flavors = cached(reads.flavors)
  if (!image || !flavors) return { values, why: [] }
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
    why: proposal.why,
  }
}
