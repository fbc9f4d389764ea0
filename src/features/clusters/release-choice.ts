import type { PlatformRelease } from '../../api/clusters'

/** A release the cluster form does not offer, and why, in words for the form. */
interface MissingRelease {
  release: PlatformRelease
  why: string
}

/**
 * The releases a cluster in `regionId` may be created at, as the document defines it (listed in the region, neither
 * deprecated nor withdrawn), newest first; and every other release with the reason it is left out, which names the
 * region by `regionName`.
 */
export function releasesFor(releases: readonly PlatformRelease[], regionId: string, regionName = regionId) {
  const offered: PlatformRelease[] = []
  const missing: MissingRelease[] = []
  for (const release of [...releases].sort(newestFirst)) {
    const { status } = release
    if (status.withdrawn)
      missing.push({ release, why: status.withdrawalMessage ? `withdrawn: ${status.withdrawalMessage}` : 'withdrawn' })
    else if (status.deprecated) missing.push({ release, why: 'deprecated' })
    else if (!status.availableRegionIds.includes(regionId)) missing.push({ release, why: `not yet in ${regionName}` })
    else offered.push(release)
  }
  return { offered, missing }
}

/** The release a new cluster starts at: the newest that is not a prerelease, else the newest offered. */
export const suggestedRelease = (offered: readonly PlatformRelease[]) =>
  (offered.find((release) => !release.status.prerelease) ?? offered[0])?.metadata.id

/** Its name, its Kubernetes version, and "prerelease" when it is one. */
export const releaseLabel = (release: PlatformRelease) =>
  `${release.metadata.name} (Kubernetes ${release.status.kubernetesVersion}${release.status.prerelease ? ', prerelease' : ''})`

const versionParts = (release: PlatformRelease) =>
  release.status.kubernetesVersion
    .replace(/^v/, '')
    .split(/[.-]/)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part))

function newestFirst(a: PlatformRelease, b: PlatformRelease): number {
  const x = versionParts(a)
  const y = versionParts(b)
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const p = x[i]
    const q = y[i]
    if (p === q) continue
    // A version with no more parts is the release its prerelease comes before: 1.34.0 > 1.34.0-beta.1.
    if (p === undefined) return -1
    if (q === undefined) return 1
    if (typeof p === 'number' && typeof q === 'number') return q - p
    return String(q).localeCompare(String(p))
  }
  return 0
}
