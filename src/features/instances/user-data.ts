import { z } from 'zod/mini'
import { formatNumber } from '../../lib/format'

/**
 * The most user data an instance takes, in bytes before base64: the local cloud's limit, as OpenStack's Nova (which
 * the platform's servers run on) takes 64 KiB. The reference documents no limit of its own.
 */
export const MAX_USER_DATA_BYTES = 64 * 1024

/** The user data as text (cloud-config, a script); empty for none. Its UTF-8 bytes must fit the platform's limit. */
export const userDataText = z.string().check(
  z.refine((text: string) => new TextEncoder().encode(text).length <= MAX_USER_DATA_BYTES, {
    error: (issue) =>
      `User data is at most ${formatNumber(MAX_USER_DATA_BYTES)} bytes (64 KiB); this is ${formatNumber(new TextEncoder().encode(issue.input as string).length)}. Compress it (cloud-init reads gzip) or fetch the rest from the instance.`,
  }),
)
