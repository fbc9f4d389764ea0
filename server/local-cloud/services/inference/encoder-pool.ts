// Runs of the encoder, taken in turn by whichever of its threads (encoder-thread.ts) is free. Requests take turns run
// by run, so a short one is not stuck behind a long one: it waits at most for the runs under way.

import type { RunGraph, RunInput } from './encoder-thread.ts'

interface Job {
  input: RunInput
  signal: AbortSignal | undefined
  /** Called as the run starts, for the thread's stats. */
  started: () => void
  resolve: (output: Float32Array<ArrayBuffer>) => void
  reject: (error: unknown) => void
}

export interface EnginePool {
  /** The run's output, once a thread has taken it; rejects with the signal's reason if it aborts before then. */
  run(input: RunInput, signal: AbortSignal | undefined, started: () => void): Promise<Float32Array<ArrayBuffer>>
  /** Adds a thread's runner. */
  add(run: RunGraph): void
  /** Threads that take runs: how many runs of one request are worth having under way at once. */
  readonly size: number
}

export function enginePool(first: RunGraph): EnginePool {
  const engines = [first]
  const idle = [first]
  const waiting: Job[] = []

  async function start(engine: RunGraph, job: Job): Promise<void> {
    try {
      // A run starts on a macrotask, so a message that drops its request (its caller has gone) is read before.
      await new Promise((resolve) => setImmediate(resolve))
      job.signal?.throwIfAborted()
    } catch (error) {
      job.reject(error)
      return release(engine)
    }
    job.started()
    engine(job.input).then(
      (output) => (job.resolve(output), release(engine)),
      (error: unknown) => {
        // A thread that fails is dropped and its run goes to another; with none left, the run fails.
        engines.splice(engines.indexOf(engine), 1)
        if (engines.length === 0) {
          for (const failed of [job, ...waiting.splice(0)]) failed.reject(error)
          return
        }
        console.error('local cloud: an encoder thread failed; its runs go to the other', error)
        waiting.unshift(job)
        pump()
      },
    )
  }

  function release(engine: RunGraph) {
    idle.push(engine)
    pump()
  }

  function pump() {
    while (idle.length > 0 && waiting.length > 0) void start(idle.shift()!, waiting.shift()!)
  }

  return {
    run(input, signal, started) {
      if (engines.length === 0) return Promise.reject(new Error('the encoder’s threads have failed'))
      return new Promise((resolve, reject) => {
        waiting.push({ input, signal, started, resolve, reject })
        pump()
      })
    },
    add(run) {
      engines.push(run)
      release(run)
    },
    get size() {
      return engines.length
    },
  }
}
