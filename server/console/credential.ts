import { UPSTREAM_ENV, type ConsoleConfig, type Service } from '../config.ts'
import { SERVICE_NAMES } from '../../src/api/services.ts'
import type { Upstream } from './upstream.ts'

/**
 * Whether a service accepts the session's credential. The identity service issues it (its OpenID provider signs
 * people in, and it checks a pasted token), so the services on its side take it: all on the platform, or all on the
 * embedded local cloud. In a mixed configuration the other side never does: the embedded local cloud knows only the
 * tokens it issued, and the platform does not know those.
 */
export function sharesCredential(config: ConsoleConfig, service: Service): boolean {
  return config.embedded.includes(service) === config.embedded.includes('identity')
}

/** The services that will refuse every session's credential, in this configuration. */
function refusing(config: ConsoleConfig): Service[] {
  return (Object.keys(UPSTREAM_ENV) as Service[]).filter((service) => !sharesCredential(config, service))
}

/**
 * Why a service refused the session's credential when it could never have accepted it: its 401 is not the session
 * ending, and the fix is the service's setting, not signing in again.
 */
export function foreignCredentialMessage(config: ConsoleConfig, service: Service): string {
  const name = SERVICE_NAMES[service]
  const identity = config.upstreams.identity
  return config.embedded.includes(service)
    ? `The ${name} runs on the embedded local cloud, which accepts only the credentials it issues; this session's came from the identity API at ${identity}. Set ${UPSTREAM_ENV[service]} to the platform's ${name}.`
    : `The ${name} at ${config.upstreams[service]} refused this session's credential, which the embedded local cloud issued. Set IDENTITY_URL to the platform's identity API, or unset ${UPSTREAM_ENV[service]}.`
}

/**
 * Whether the identity API, which issued the session's credential, still accepts it: asked when another service
 * refuses it, since one service's broken token validation must not end a session every other service accepts.
 * 'unknown' when it could not say (unreachable, a 5xx, no organizations list to ask).
 */
export async function identityVerdict(
  identity: { upstream: Upstream; base: string },
  token: string,
  timeoutMs: number,
): Promise<'accepted' | 'refused' | 'unknown'> {
  try {
    const response = await identity.upstream(
      new Request(`${identity.base}/api/v1/organizations`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      }),
    )
    await response.body?.cancel().catch(() => undefined)
    if (response.ok) return 'accepted'
    return response.status === 401 ? 'refused' : 'unknown'
  } catch {
    return 'unknown'
  }
}

/**
 * Why one service's 401 did not end the session: the platform's words first, then that only this service refused the
 * credential the identity API accepts (or could not be asked about), so signing in again would not help.
 */
export function oneServiceRefusedMessage(
  config: ConsoleConfig,
  service: Service,
  platformWords: string | undefined,
  identity: 'accepted' | 'unknown',
): string {
  const name = SERVICE_NAMES[service]
  const refused = `The ${name} at ${config.upstreams[service]} refused this session's credential`
  const because =
    identity === 'accepted'
      ? `${refused}, which the identity API accepts: the fault is the ${name}'s, signing in again would not help, and your session goes on.`
      : `${refused}; the identity API, which issued it, could not be asked just now, so your session goes on.`
  return platformWords ? `${platformWords.replace(/[.\s]+$/, '')}. ${because}` : because
}

/** Said once at startup when some services will refuse every session's credential. */
export function mixedCredentialWarning(config: ConsoleConfig): string | undefined {
  const services = refusing(config)
  if (services.length === 0) return undefined
  const names = services.map((service) => `${SERVICE_NAMES[service]} (${UPSTREAM_ENV[service]})`).join(', ')
  return config.embedded.includes('identity')
    ? `The embedded local cloud issues the sessions' credentials, which ${names} on the platform will refuse with 401. Set IDENTITY_URL too, or unset those.`
    : `The embedded local cloud serves ${names}: it does not accept the credentials the identity API at ${config.upstreams.identity} issues, so their pages will say they refused the call. Set those variables to the platform's services.`
}
