import { z } from 'zod/mini'
import { instanceApi } from '../../api/instances'
import type { InstanceCreate } from '../../api/schemas/regional'
import type { Scope } from '../../lib/scope'
import { metadataOf, pathsOf, type Wire, formWrite } from '../../lib/form-wire'
import { metadataFields, placementFields } from '../../lib/validation'
import { encodeUserData } from './instance-edit-form'
import { userDataText } from './user-data'

// The guided create form as the user fills it: where (project, region, network), what (flavor, image), how it is
// reached (security groups, public address), and its name and tags. onSubmit maps it to the spec's create body.

export const instanceCreateForm = z.object({
  ...metadataFields,
  ...placementFields,
  networkId: z.string().check(z.trim(), z.minLength(1, 'Choose a network.')),
  flavorId: z.string().check(z.trim(), z.minLength(1, 'Choose a flavor.')),
  imageId: z.string().check(z.trim(), z.minLength(1, 'Choose an image.')),
  securityGroupIds: z.array(z.string()),
  publicIP: z.boolean(),
  /** The SSH certificate authority the instance trusts, fixed once created; '' for none (it gets an SSH key). */
  sshCertificateAuthorityId: z.string(),
  userData: userDataText,
})
export type InstanceCreateValues = z.input<typeof instanceCreateForm>

/**
 * Where the form starts: the scope, with what a link may carry taking precedence (`?flavor=…&region=…` from the
 * flavors page, `?image=…&region=…` from an image, `?project=…&network=…` from a network). Ids only: the pickers show
 * what they name.
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
    imageId: params.get('image') ?? '',
    securityGroupIds: [],
    publicIP: false,
    sshCertificateAuthorityId: params.get('ca') ?? '',
    userData: '',
  }
}

export function toCreateWire(values: InstanceCreateValues): Wire<InstanceCreate, InstanceCreateValues> {
  const { metadata, fields, tagPaths } = metadataOf<InstanceCreateValues>(values)
  const securityGroups = [...new Set(values.securityGroupIds)]
  // Base64 of the UTF-8 text, as the platform's byte-format field wants it; blank text sends none.
  const userData = encodeUserData(values.userData)
  return {
    body: {
      metadata,
      spec: {
        organizationId: values.organizationId,
        projectId: values.projectId,
        networkId: values.networkId.trim(),
        flavorId: values.flavorId.trim(),
        imageId: values.imageId.trim(),
        networking: { ...(securityGroups.length ? { securityGroups } : {}), publicIP: values.publicIP },
        ...(values.sshCertificateAuthorityId ? { sshCertificateAuthorityId: values.sshCertificateAuthorityId } : {}),
        ...(userData !== undefined ? { userData } : {}),
      },
    },
    pathOf: pathsOf(
      {
        ...fields,
        'spec.organizationId': 'organizationId',
        'spec.projectId': 'projectId',
        'spec.networkId': 'networkId',
        'spec.flavorId': 'flavorId',
        'spec.imageId': 'imageId',
        'spec.networking.securityGroups': 'securityGroupIds',
        'spec.networking.publicIP': 'publicIP',
        'spec.sshCertificateAuthorityId': 'sshCertificateAuthorityId',
        'spec.userData': 'userData',
      },
      [tagPaths],
    ),
  }
}

/** The create form's write. */
export const instanceCreate = formWrite({
  schema: instanceCreateForm,
  endpoint: instanceApi.create,
  wire: toCreateWire,
})
