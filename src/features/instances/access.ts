import type { Image } from '../../api/schemas/regional'
import type { PowerSubject } from './power'

// What the SSH key, console and snapshot actions need from an instance, and how its login is spelled: one place, so
// the buttons, their reasons and the tests agree.

/** Why a console cannot be opened now (the platform's console needs a Running instance), or undefined. */
export function consoleDisabledReason(instance: PowerSubject): string | undefined {
  const provisioning = instance.metadata.provisioningStatus
  if (provisioning === 'deprovisioning') return 'The instance is being deleted.'
  const state = instance.status.powerState
  if (state === 'Running') return undefined
  if (state === undefined || state === 'unknown')
    return 'The instance is not running yet: it has no console until it is Running.'
  return `The instance is not running (it is ${state}): a console needs it Running.`
}

/**
 * Why the console will not open the address the platform gave for a console session, or undefined when it will.
 * Only a full web address is opened: any other scheme (javascript:, data:, file:) could run or show what the platform
 * did not mean on the user's screen, and an address without a host would open inside this console.
 */
export function refusedConsoleAddress(url: string): string | undefined {
  const said = `The platform gave "${url}" as the instance's console address, and the console did not open it:`
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.trim())?.[1]?.toLowerCase()
  if (!scheme)
    return `${said} it is not a full address (it names no host), so it would open inside this console rather than on the platform's console page.`
  if (scheme !== 'https' && scheme !== 'http')
    return `${said} a ${scheme}: address is not a web page, and only https:// and http:// addresses are opened.`
  try {
    new URL(url)
  } catch {
    return `${said} it is not a valid web address.`
  }
  return undefined
}

/**
 * Why the platform has no SSH key to give for the instance, or undefined when it has one: an instance that trusts an
 * SSH certificate authority logs in with certificates that authority signs, and the platform made no key pair for it.
 */
export function sshKeyDisabledReason(instance: { spec: { sshCertificateAuthorityId?: string } }): string | undefined {
  return instance.spec.sshCertificateAuthorityId
    ? 'The instance trusts an SSH certificate authority: log in with a certificate it signed. The platform made no key pair for it.'
    : undefined
}

/** Why a snapshot cannot be taken now (the platform refuses one of an instance being deleted), or undefined. */
export function snapshotDisabledReason(instance: PowerSubject): string | undefined {
  return instance.metadata.provisioningStatus === 'deprovisioning' ? 'The instance is being deleted.' : undefined
}

/** Cloud images name their default user after their distribution (ubuntu, rocky, debian…); others say nothing. */
const DEFAULT_USERS: Record<string, string> = { ubuntu: 'ubuntu', rocky: 'rocky', debian: 'debian', centos: 'centos' }

/** The user the image logs in as, or `<user>` where the image does not say. */
export function loginUserOf(image: Image | undefined): string {
  const distro = image?.spec?.os?.distro
  return (distro && DEFAULT_USERS[distro]) ?? '<user>'
}

/** The key file's name: the instance's name, as the download saves it. */
export const keyFileName = (instanceName: string) => `${instanceName}.pem`

/** The command that logs in with the downloaded key, or undefined without a public address to reach. */
export function sshCommand(instanceName: string, user: string, publicIP: string | undefined): string | undefined {
  return publicIP ? `ssh -i ${keyFileName(instanceName)} ${user}@${publicIP}` : undefined
}
