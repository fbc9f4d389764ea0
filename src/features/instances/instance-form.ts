import { z } from 'zod'
import type { InstanceCreate } from '../../api/schemas/regional'
import type { Scope } from '../../lib/scope'
import { resourceName, tagFieldFor, tagRows, tagsFromRows } from '../../lib/validation'

// The guided create form as the user fills it: where (project, region, network), what (flavor, image), how it is
// reached (security groups, public address), and its name and tags. onSubmit maps it to the spec's create body.

export const instanceCreateForm = z.object({
  name: resourceName,
  description: z.string().trim().max(1024, 'A description has at most 1024 characters.'),
  tags: tagRows,
  organizationId: z.string().min(1, 'Choose an organization.'),
  projectId: z.string().min(1, 'Choose a project.'),
  regionId: z.string().min(1, 'Choose a region.'),
  networkId: z.string().trim().min(1, 'Choose a network.'),
  flavorId: z.string().trim().min(1, 'Choose a flavor.'),
  imageId: z.string().trim().min(1, 'Choose an image.'),
  securityGroupIds: z.array(z.string()),
  publicIP: z.boolean(),
})
export type InstanceCreateValues = z.input<typeof instanceCreateForm>

/**
 * Where the form starts: the scope, with what a link may carry taking precedence (`?flavor=…&region=…` from the
 * flavors page, `?project=…&network=…` from a network). Ids only: the pickers show what they name.
 */
export function createDefaults(scope: Scope, params: URLSearchParams): InstanceCreateValues {
  return {
    name: '',
    description: '',
    tags: [],
    organizationId: scope.organizationId ?? '',
    projectId: params.get('project') ?? scope.projectId ?? '',
    regionId: params.get('region') ?? scope.regionId ?? '',
    networkId: params.get('network') ?? '',
    flavorId: params.get('flavor') ?? '',
    imageId: '',
    securityGroupIds: [],
    publicIP: false,
  }
}

export function toCreateBody(values: InstanceCreateValues): InstanceCreate {
  const tags = tagsFromRows(values.tags)
  const securityGroups = [...new Set(values.securityGroupIds)]
  return {
    metadata: {
      name: values.name.trim(),
      ...(values.description.trim() ? { description: values.description.trim() } : {}),
      ...(tags.length ? { tags } : {}),
    },
    spec: {
      organizationId: values.organizationId,
      projectId: values.projectId,
      networkId: values.networkId.trim(),
      flavorId: values.flavorId.trim(),
      imageId: values.imageId.trim(),
      networking: { ...(securityGroups.length ? { securityGroups } : {}), publicIP: values.publicIP },
    },
  }
}

/**
 * Maps a field path the platform names ("spec.networking.securityGroups.0") to the form field showing it; a tag's
 * index counts only the tag rows sent.
 */
export function formFieldFor(apiPath: string, tagRows: readonly { name: string }[]): string | undefined {
  const path = apiPath.replace(/^(metadata|spec)\./, '')
  if (path.startsWith('networking.securityGroups')) return 'securityGroupIds'
  if (path === 'networking.publicIP') return 'publicIP'
  const tag = tagFieldFor(path, tagRows)
  if (tag) return tag
  return ['name', 'description', 'networkId', 'flavorId', 'imageId', 'projectId', 'organizationId'].includes(path)
    ? path
    : undefined
}
