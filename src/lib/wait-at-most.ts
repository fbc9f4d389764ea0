/**
 * Waits for `work` (never failing: a failure is the page's to show), but no longer than `ms`: a loader that waits
 * for a service that hangs would blank the page until the console's deadline, though most of it could show.
 */
export async function waitAtMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))])
  clearTimeout(timer)
}
