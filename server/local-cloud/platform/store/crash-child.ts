// A local cloud alone in its own process, for crash tests: `node --import tsx crash-child.ts <dataDir> <adminToken>
// [networks]` serves on a free port of 127.0.0.1 and prints the port on its first line of output; with `networks`, it
// first adds that many networks to the store (for the create rate with a large store).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createLocalCloud } from '../../index.ts'
import { grantQuota, seedManyNetworks } from '../../testing.ts'

const [dataDir, adminToken, networks] = process.argv.slice(2)
if (!dataDir || !adminToken) throw new Error('usage: crash-child.ts <dataDir> <adminToken>')
// Lexical embeddings, as startLocalCloud's: the tests that start this child do not assert meaning.
const cloud = await createLocalCloud({ dataDir, adminToken, provisionMs: 0, embeddings: 'lexical' })
if (networks) await seedManyNetworks(cloud, Number(networks))
// The crash tests create networks in bursts, hundreds past the default quota: this organization's provider allows them.
await grantQuota(cloud, 'networks', 1_000_000)
const server = createServer((req, res) => cloud.handle(req, res))
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`)
})
