import type { Instance } from '../../api/schemas/regional'

export type BulkAction = 'start' | 'stop'

export const BULK_VERBS: Record<BulkAction, { verb: string; doing: string }> = {
  start: { verb: 'Start', doing: 'Starting' },
  stop: { verb: 'Stop', doing: 'Stopping' },
}

/** One instance's outcome: accepted by the platform, or refused with its reason. */
export type BulkResult =
  | { id: string; name: string; state: 'pending' }
  | { id: string; name: string; state: 'accepted' }
  | { id: string; name: string; state: 'failed'; reason: string }

/** "Stop 3 instances?" / "Start gpu-smoke-test?" */
export function confirmTitle(action: BulkAction, instances: readonly Pick<Instance, 'metadata'>[]): string {
  const what = instances.length === 1 ? instances[0]!.metadata.name : `${instances.length} instances`
  return `${BULK_VERBS[action].verb} ${what}?`
}

/** Runs `act` on every instance at once; each settles on its own, so one refusal does not stop the others. */
export async function runBulk(
  instances: readonly Pick<Instance, 'metadata'>[],
  act: (id: string) => Promise<unknown>,
  onResult: (result: BulkResult) => void,
): Promise<BulkResult[]> {
  return Promise.all(
    instances.map(async ({ metadata: { id, name } }): Promise<BulkResult> => {
      let result: BulkResult
      try {
        await act(id)
        result = { id, name, state: 'accepted' }
      } catch (error) {
        result = { id, name, state: 'failed', reason: error instanceof Error ? error.message : String(error) }
      }
      onResult(result)
      return result
    }),
  )
}
