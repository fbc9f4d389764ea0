import { z } from 'zod/mini'
import type { Organization, OrganizationWrite } from '../../api/schemas/identity'
import { pathsOf, type Wire } from '../../lib/form-wire'
import { resourceDescription, resourceName } from '../../lib/validation'

// The organization's update takes the whole organization (the document's organizationWrite): its name and description,
// how its people sign in (its type and e-mail domain) and which identity provider they sign in through.

const HOSTNAME =
  /^(?=.{1,253}$)[0-9A-Za-z](?:[0-9A-Za-z-]{0,61}[0-9A-Za-z])?(?:\.[0-9A-Za-z](?:[0-9A-Za-z-]{0,61}[0-9A-Za-z])?)*$/

/**
 * What a domain organization needs, as the identity service reads it: the domain that finds it, and the provider its
 * people are sent to (the service fails the write without them). Each is refused at its field, before sending.
 */
const DOMAIN_NEEDS = {
  domain: 'A domain organization needs its e-mail domain: it is how sign-in finds the organization.',
  providerScope: 'Choose where its provider is: a domain organization sends its people to one.',
  providerID: 'Choose the provider its people sign in through.',
} as const

export const organizationForm = z
  .object({
    name: resourceName,
    description: resourceDescription,
    organizationType: z.enum(['adhoc', 'domain']),
    domain: z.string().check(
      z.trim(),
      z.refine((domain) => domain === '' || HOSTNAME.test(domain), 'Enter a domain name, such as example.com.'),
    ),
    providerScope: z.enum(['', 'global', 'organization']),
    providerID: z.string().check(z.trim()),
  })
  .check(
    z.superRefine((values, ctx) => {
      if (values.organizationType !== 'domain') return
      for (const field of ['domain', 'providerScope', 'providerID'] as const)
        if (!values[field].trim()) ctx.addIssue({ code: 'custom', path: [field], message: DOMAIN_NEEDS[field] })
    }),
  )

export type OrganizationValues = z.input<typeof organizationForm>

/** A type or scope this console does not know goes back as the platform's default would read it. */
export function editDefaults(organization: Organization): OrganizationValues {
  const spec = organization.spec
  return {
    name: organization.metadata.name,
    description: organization.metadata.description ?? '',
    organizationType: spec?.organizationType === 'adhoc' ? 'adhoc' : 'domain',
    domain: spec?.domain ?? '',
    providerScope: spec?.providerScope === 'global' || spec?.providerScope === 'organization' ? spec.providerScope : '',
    providerID: spec?.providerID ?? '',
  }
}

/** Tags are not edited here, so the update sends back the ones the organization has. */
export function toWire(values: OrganizationValues, kept?: Organization): Wire<OrganizationWrite, OrganizationValues> {
  const description = values.description.trim()
  const domain = values.domain.trim()
  const providerID = values.providerID.trim()
  const tags = kept?.metadata.tags ?? []
  return {
    body: {
      metadata: { name: values.name.trim(), ...(description ? { description } : {}), ...(tags.length ? { tags } : {}) },
      spec: {
        organizationType: values.organizationType,
        ...(domain ? { domain } : {}),
        ...(values.providerScope ? { providerScope: values.providerScope } : {}),
        ...(providerID ? { providerID } : {}),
      },
    },
    pathOf: pathsOf({
      'metadata.name': 'name',
      'metadata.description': 'description',
      'spec.organizationType': 'organizationType',
      'spec.domain': 'domain',
      'spec.providerScope': 'providerScope',
      'spec.providerID': 'providerID',
    }),
  }
}

/** The names of the organization's own providers, by id, for the sentences below. */
type ProviderNames = ReadonlyMap<string, string>

/** The provider as a sentence names it: "provider google (a built-in one)", "provider acme-okta (this …’s own)". */
function providerWords(scope: string, id: string, names: ProviderNames): string {
  if (!id) return 'no provider set'
  const where =
    scope === 'organization' ? 'this organization’s own' : scope === 'global' ? 'a built-in one' : 'scope unset'
  return `provider ${(scope === 'organization' && names.get(id)) || id} (${where})`
}

/**
 * What a change to the sign-in settings does, in sentences, before it is saved: a wrong domain or provider can lock
 * people out. Empty when none of them changes.
 */
export function signInChanges(
  before: OrganizationValues,
  after: OrganizationValues,
  names: ProviderNames = new Map(),
): string[] {
  const changes: string[] = []
  const domain = after.domain.trim()
  const wasDomain = before.domain.trim()
  if (before.organizationType !== after.organizationType) {
    changes.push(
      after.organizationType === 'adhoc'
        ? 'Sign-in stops matching people to this organization by their e-mail address: only members of its groups get in, each choosing a sign-in provider themselves.'
        : `Sign-in matches people to this organization by their e-mail address${domain ? ` at ${domain}` : ''} and sends them to its provider.`,
    )
  }
  if (wasDomain !== domain) {
    changes.push(
      domain
        ? `The e-mail domain changes from ${wasDomain || 'none'} to ${domain}: people whose addresses are at ${wasDomain || 'another domain'} are no longer matched to this organization by it.`
        : `The e-mail domain ${wasDomain} is removed: nobody is matched to this organization by their address.`,
    )
  }
  const provider = after.providerID.trim()
  if (before.providerScope !== after.providerScope || before.providerID.trim() !== provider) {
    changes.push(
      `Sign-in goes through ${providerWords(after.providerScope, provider, names)} instead of ${providerWords(before.providerScope, before.providerID.trim(), names)}: people without an account there cannot sign in.`,
    )
  }
  return changes
}
