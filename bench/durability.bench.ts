import { mkdtemp, rm } from 'node:fs/promises'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  adminToken,
  crashRounds,
  createRate,
  kill,
  startChild,
  target,
} from '../server/local-cloud/platform/store/crash-harness.ts'

/**
 * Durability of the local cloud's writes: rounds of a burst of creates (20 in flight) and token rotations against a
 * local cloud in a child process, SIGKILLed at a random moment, restarted and checked; then the rate of creates at
 * 20 in flight with 10,000 more networks in the store, each answered only once it is fsynced.
 */

const ROUNDS = 10
const CONCURRENCY = 20
const CREATES = 1000
const STORED = 10_000

const dir = await mkdtemp(join(tmpdir(), 'bench-durability-'))
try {
  const result = await crashRounds(dir, ROUNDS, CONCURRENCY)
  const token = adminToken()
  const server = await startChild(dir, token, STORED)
  let rate: number
  try {
    const agent = new Agent()
    const t = await target(agent, server.base, token)
    agent.destroy()
    rate = await createRate(t, CREATES, CONCURRENCY, 'bench-rate')
  } finally {
    await kill(server)
  }
  console.log(
    `durability: ${result.rounds} rounds of SIGKILL during a burst, ${result.acknowledged} acknowledged creates, ${result.lost} lost; ${result.rotations} acknowledged token rotations, ${result.tokenFaults.length} token faults; creates ${rate.toFixed(0)}/s at ${CONCURRENCY} in flight with ${STORED.toLocaleString('en')}+ networks stored`,
  )
  for (const fault of result.tokenFaults) console.log(`  ${fault}`)
  if (result.lost > 0 || result.tokenFaults.length > 0) process.exitCode = 1
} finally {
  await rm(dir, { recursive: true, force: true })
}
