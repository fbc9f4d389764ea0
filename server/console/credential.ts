import { UPSTREAM_ENV, type ConsoleConfig, type Service } from '../config.ts'
import { SERVICE_NAMES } from './proxy.ts'

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

/** Said once at startup when some services will refuse every session's credential. */
export function mixedCredentialWarning(config: ConsoleConfig): string | undefined {
  const services = refusing(config)
  if (services.length === 0) return undefined
  const names = services.map((service) => `${SERVICE_NAMES[service]} (${UPSTREAM_ENV[service]})`).join(', ')
  return config.embedded.includes('identity')
    ? `The embedded local cloud issues the sessions' credentials, which ${names} on the platform will refuse with 401. Set IDENTITY_URL too, or unset those.`
    : `The embedded local cloud serves ${names}: it does not accept the credentials the identity API at ${config.upstreams.identity} issues, so their pages will say they refused the call. Set those variables to the platform's services.`
}
