import { resolve } from 'node:path'
import { loadTokens } from './platform/auth.ts'
import { readLocalCloudOptionsFromEnv, resetLocalCloudData } from './index.ts'
import { DataDirTaken } from './platform/store/data-dir-claim.ts'

/**
 * `npm run reset-data`: puts the demo data back in DATA_DIR (default .local-cloud). The admin tokens are kept,
 * so clients configured with them keep working. With the console stopped: it keeps its own copy in memory.
 */
const options = readLocalCloudOptionsFromEnv(process.env)
const dataDir = resolve(options.dataDir)
try {
  await resetLocalCloudData(dataDir)
} catch (error) {
  if (!(error instanceof DataDirTaken)) throw error
  // A running console keeps the state in memory and writes it back as it stops: a reset under it would be undone.
  console.error(`local cloud: stop the console first (process ${error.owner} runs on ${dataDir}), then reset`)
  process.exit(1)
}
const tokens = await loadTokens(dataDir, { admin: options.adminToken, second: options.secondToken })
console.log(`local cloud: reset ${dataDir} to the demo data (tokens kept)`)
console.log(`  admin token (Acme AI):         ${tokens.admin}`)
console.log(`  second token (Globex Research): ${tokens.second}`)
