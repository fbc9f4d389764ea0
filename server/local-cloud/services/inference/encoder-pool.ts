// Runs of the encoder, taken in turn by whichever of its threads is free: the embeddings thread's own graph, and the
// helper's (encoder-helper.ts) once it has loaded. Requests take turns run by run, so a short one is not stuck behind
// a long one: it waits at most for the runs under way.

import type { RunGraph, RunInput } from './encoder-graph.ts'

interface Engine {
  run: RunGraph
  /** A helper that fails is dropped, and its run goes to another engine; the local graph's failure is the run's. */
  helper: boolean
}

interface Job {
  input: RunInput
  signal: AbortSignal | undefined
  /** Called as the run starts, for the thread's stats. */
  started: () => void
  resolve: (output: Float32Array<ArrayBuffer>) => void
  reject: (error: unknown) => void
}

export interface EnginePool {
  /** The run's output, once an engine has taken it; rejects with the signal's reason if it aborts before then. */
  run(input: RunInput, signal: AbortSignal | undefined, started: () => void): Promise<Float32Array<ArrayBuffer>>
  /** Adds a helper's graph to the engines. */
  addHelper(run: RunGraph): void
  /** Engines that take runs: how many runs of one request are worth having under way at once. */
  readonly size: number
}

export function enginePool(local: RunGraph): EnginePool {
  const engines: Engine[] = [{ run: local, helper: false }]
  const idle = [...engines]
  const waiting: Job[] = []

  async function start(engine: Engine, job: Job): Promise<void> {
    try {
      // The backend runs the model without giving the thread's event loop a turn: a run starts on a macrotask, so a
      // message that drops its request (its caller has gone) is read before it starts.
      await new Promise((resolve) => setImmediate(resolve))
      job.signal?.throwIfAborted()
    } catch (error) {
      job.reject(error)
      return release(engine)
    }
    job.started()
    engine.run(job.input).then(
      (output) => (job.resolve(output), release(engine)),
      (error: unknown) => {
        if (!engine.helper) return (job.reject(error), release(engine))
        console.error('local cloud: the encoder’s helper thread failed; its runs go to the embeddings thread', error)
        engines.splice(engines.indexOf(engine), 1)
        waiting.unshift(job)
        pump()
      },
    )
  }

  function release(engine: Engine) {
    idle.push(engine)
    pump()
  }

  function pump() {
    while (idle.length > 0 && waiting.length > 0) void start(idle.shift()!, waiting.shift()!)
  }

  return {
    run(input, signal, started) {
      return new Promise((resolve, reject) => {
        waiting.push({ input, signal, started, resolve, reject })
        pump()
      })
    },
    addHelper(run) {
      const engine = { run, helper: true }
      engines.push(engine)
      release(engine)
    },
    get size() {
      return engines.length
    },
  }
}
