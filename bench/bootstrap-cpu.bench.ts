// The console server's CPU time for the first screen of a 10,006-network list: the bootstrap answer (the session, the
// scope and the list, compressed as the browser asks) that index.html preloads. This is the server's share of the
// 10,000-row list's page load (list-render.bench.ts times the whole, in Chromium). Then the same for the demo
// organization's networks list, the first screen load-held.bench.ts asks under load (issue 77 holds its CPU to a
// budget): too small for one request's CPU to be read, so it is read over rounds of first screens one after another.
// BENCH_BASELINE=<another checkout> runs that checkout's server too, the two asked in turn, so a changing load falls on
// both alike.
import { request } from 'node:http'
import { cpus, loadavg } from 'node:os'
import { resolve } from 'node:path'
import { startFixture, type RunningFixture } from './console-server-process.ts'
import { median } from './harness.ts'
import { firstScreensInTurn } from './load-generator.ts'

const NETWORKS = 10_000
const RUNS = 9
const PAGE = '/networks?project=all&region=all'
// The demo list's rounds: the first in a fresh process (its code not yet optimized), the rest warmed up.
const DEMO_ROUNDS = 9
const DEMO_SCREENS = 200

/** GETs `path` whole and answers its status and size on the wire. */
function get(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; bytes: number }> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => (bytes += chunk.length))
      res.on('end', () => done({ status: res.statusCode ?? 0, bytes }))
    })
    req.on('error', fail)
    req.end()
  })
}

async function signIn({ fixture }: RunningFixture): Promise<string> {
  return new Promise((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: fixture.port,
        path: '/console/session',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'cloud-console' },
      },
      (res) => {
        res.resume()
        if (res.statusCode !== 201) fail(new Error(`sign-in answered ${res.statusCode}`))
        else done(String(res.headers['set-cookie']).split(';')[0]!)
      },
    )
    req.on('error', fail)
    req.end('{"demo":true}')
  })
}

const trees = [
  { label: 'current', root: resolve('.') },
  ...(process.env.BENCH_BASELINE ? [{ label: 'baseline', root: resolve(process.env.BENCH_BASELINE) }] : []),
]
const servers = await Promise.all(trees.map((tree) => startFixture(tree.root, { BENCH_NETWORKS: String(NETWORKS) })))
try {
  const cookies = await Promise.all(servers.map(signIn))
  for (const encoding of ['br', 'gzip']) {
    const runs = servers.map(() => [] as number[])
    let bytes = 0
    // One untimed round first: the list cache and the compressor's first use.
    for (let run = -1; run < RUNS; run++)
      for (const [i, server] of servers.entries()) {
        const before = await server.cpuMs()
        const answer = await get(server.fixture.port, `/console/bootstrap?page=${encodeURIComponent(PAGE)}`, {
          cookie: cookies[i]!,
          'accept-encoding': encoding,
        })
        if (answer.status !== 200) throw new Error(`the bootstrap answered ${answer.status}`)
        bytes = answer.bytes
        if (run >= 0) runs[i]!.push((await server.cpuMs()) - before)
      }
    for (const [i, { label }] of trees.entries()) {
      const sorted = [...runs[i]!].sort((a, b) => a - b)
      console.log(
        `console bootstrap of a ${(NETWORKS + 6).toLocaleString('en')}-network list page (${label}, ${encoding}, ` +
          `${(bytes / 1024).toFixed(0)} KB on the wire): server CPU median ${sorted[RUNS >> 1]!.toFixed(0)} ms of ${RUNS} ` +
          `(${sorted.map((ms) => ms.toFixed(0)).join(', ')} ms; load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
      )
    }
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()))
}

const demo = await Promise.all(trees.map((tree) => startFixture(tree.root)))
try {
  const perScreen = demo.map(() => [] as number[])
  for (let round = 0; round < DEMO_ROUNDS; round++)
    for (const [i, server] of demo.entries()) {
      const before = await server.cpuMs()
      // The first screens load-held.bench.ts asks one after another; a round's one sign-in is in its CPU too.
      await firstScreensInTurn(`http://127.0.0.1:${server.fixture.port}`, server.fixture.token, DEMO_SCREENS)
      perScreen[i]!.push(((await server.cpuMs()) - before) / DEMO_SCREENS)
    }
  for (const [i, { label }] of trees.entries()) {
    const [fresh, ...warm] = perScreen[i]!
    console.log(
      `console CPU per first screen of the demo networks list (${label}, ${DEMO_SCREENS} in turn a round): ` +
        `${fresh!.toFixed(2)} ms in the fresh process's first round, median ${median(warm).toFixed(2)} ms warmed up ` +
        `(${warm.map((ms) => ms.toFixed(2)).join(', ')} ms; load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
    )
  }
  if (demo.length === 2) {
    // Round by round, as the two were asked in turn: each ratio shares its moment's load.
    const ratios = perScreen[0]!.slice(1).map((ms, round) => ms / perScreen[1]![round + 1]!)
    console.log(
      `  current ÷ baseline, warmed up: median ${median(ratios).toFixed(3)} of ${ratios.length} rounds ` +
        `(${ratios.filter((ratio) => ratio < 1).length} lower); fresh process: ${(perScreen[0]![0]! / perScreen[1]![0]!).toFixed(3)}`,
    )
  }
} finally {
  await Promise.all(demo.map((server) => server.stop()))
}
