// The platform answers its business rules as plain sentences with no path ("minimum network prefix size is /24"),
// where its schema validation names a JSON pointer. This is the one table of the sentences the console knows, each
// with the body path it is about; the form's wire mapping takes it from there to the field. A sentence not listed
// here goes above the form, whole. Only forms ask (src/components/form/server-errors.ts), so the table is not in the
// entry, where the ApiError is made.

import { capitalize, type ApiError, type FieldPath } from './errors'

interface Rule {
  /** The sentence, or how it starts when it names a value (a network's name, a size). */
  says: string | RegExp
  path: FieldPath
}

const RULES: readonly Rule[] = [
  // Networks
  { says: 'minimum network prefix size is /24', path: ['spec', 'prefix'] },
  { says: 'the next hop must be an address inside the network prefix', path: ['spec', 'routes'] },
  // Where a resource goes
  { says: 'project does not exist in the organization', path: ['spec', 'projectId'] },
  { says: 'region does not exist or is not available to the organization', path: ['spec', 'regionId'] },
  { says: /^network does not exist( in the project)?$/, path: ['spec', 'networkId'] },
  { says: /^network .+ has no free addresses$/, path: ['spec', 'networkId'] },
  // Instances
  { says: 'flavor does not exist in the network’s region', path: ['spec', 'flavorId'] },
  { says: 'image does not exist in the network’s region', path: ['spec', 'imageId'] },
  { says: /^the image carries .+ GPU drivers but the flavor has /, path: ['spec', 'imageId'] },
  {
    says: /^security group (does not exist on the instance’s network|is listed more than once)$/,
    path: ['spec', 'networking', 'securityGroups'],
  },
  { says: /^region .+ has no free public addresses$/, path: ['spec', 'networking', 'publicIP'] },
  // Security group rules (the platform's own words, and the local cloud's)
  { says: 'rule must have a range where start < end', path: ['spec', 'rules'] },
  { says: 'ports can only be given for tcp and udp rules', path: ['spec', 'rules'] },
  { says: 'a port range needs port as well as portMax', path: ['spec', 'rules'] },
  // File storage
  { says: 'storage class does not exist in the region', path: ['spec', 'storageClassId'] },
  { says: 'cannot be smaller than the data already stored', path: ['spec', 'sizeGiB'] },
  {
    says: /^network (does not exist in the file storage’s project and region|is listed more than once|.+ has no free storage addresses)$/,
    path: ['spec', 'attachments', 'networkIds'],
  },
  // Quotas: the identity service's refusal of an allocation, passed on by the service whose create (or resize) asked
  // for it. The size decides a file storage's; the flavor an instance's servers and GPUs. A network's has no field.
  { says: /^the requested allocation of \d+ for filestorage exceeds /i, path: ['spec', 'sizeGiB'] },
  { says: /^the requested allocation of \d+ for (servers|gpus) exceeds /i, path: ['spec', 'flavorId'] },
  // Node pools: the reservation a pool's workers come from, and how many of its hosts they ask for
  {
    says: /^reservation .+ (does not exist in the cluster’s project|is being deleted|is not in the cluster’s region)$/,
    path: ['spec', 'reservation', 'reservationId'],
  },
  { says: /^reservation .+ has \d+ free hosts for this pool; /, path: ['spec', 'replicas'] },
  // Identity
  { says: /^group (does not exist in the organization|is listed more than once)$/, path: ['spec', 'groupIDs'] },
  { says: 'a user with this subject already exists in the organization', path: ['spec', 'subject'] },
  { says: /^role (does not exist|is listed more than once)$/, path: ['spec', 'roleIDs'] },
  { says: /^user (does not exist in the organization|is listed more than once)$/, path: ['spec', 'userIDs'] },
  {
    says: /^service account (does not exist in the organization|is listed more than once)$/,
    path: ['spec', 'serviceAccountIDs'],
  },
  // Every resource
  { says: /^an? .+ named .+ already exists in this /, path: ['metadata', 'name'] },
  { says: 'tag names must be unique', path: ['metadata', 'tags'] },
]

/** The body path a plain business-rule sentence is about, or undefined for a sentence the console does not know. */
function pathOfSentence(sentence: string): FieldPath | undefined {
  const text = sentence.trim()
  return RULES.find(({ says }) => (typeof says === 'string' ? text.startsWith(says) : says.test(text)))?.path
}

/**
 * The body field an error is about and the words to show there: the field the answer named (by JSON pointer or
 * parameter), else the one its business-rule sentence is about, the sentence shown whole.
 */
export function fieldOfError(error: ApiError): { path: FieldPath; message: string } | undefined {
  if (error.fieldPath) return { path: error.fieldPath, message: error.fieldMessage ?? error.message }
  if (error.sentence === undefined) return undefined
  const path = pathOfSentence(error.sentence)
  return path && { path, message: capitalize(error.sentence) }
}
