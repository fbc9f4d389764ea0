import { resolve } from 'node:path'
import { loadTokens } from './platform/auth.ts'
import { readLocalCloudOptionsFromEnv, resetLocalCloudData } from './index.ts'

/**
 * `npm run reset-data`: puts the demo data back in DATA_DIR (default .local-cloud). The admin tokens are kept,
 * so clients configured with them keep working. A running server keeps its own copy in memory: restart it.
 */
const options = readLocalCloudOptionsFromEnv(process.env)
const dataDir = resolve(options.dataDir)
await resetLocalCloudData(dataDir)
const tokens = await loadTokens(dataDir, { admin: options.adminToken, second: options.secondToken })
console.log(`local cloud: reset ${dataDir} to the demo data (tokens kept)`)
console.log(`  admin token (Acme AI):         ${tokens.admin}`)
console.log(`  second token (Globex Research): ${tokens.second}`)
console.log('  restart a running server so it loads the reset data')
