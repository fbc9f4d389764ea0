import type { ConsoleConfig } from './config.ts'
import type { LocalCloud } from './local-cloud/index.ts'
import { TEST_HOOKS_WARNING } from './local-cloud/platform/test-hooks.ts'

type BannerCloud = Pick<LocalCloud, 'demo' | 'tokens' | 'embeddings' | 'testHooks'>

/**
 * What `npm start` prints once the server listens: the upstreams and the session store, the local cloud's three demo
 * tokens (the README says they are printed), a warning while its test hooks are on, and last, where the console is
 * and how to sign in there.
 */
export function startupBanner(config: ConsoleConfig, port: number, localCloud: BannerCloud | undefined): string[] {
  const lines = [`Cloud Console on ${config.publicUrl} (listening on ${config.host}:${port})`]
  for (const [service, url] of Object.entries(config.upstreams)) {
    lines.push(
      `  ${service.padEnd(9)} ${url}${config.embedded.includes(service as never) ? '  (embedded local cloud)' : ''}`,
    )
  }
  lines.push(
    config.sessionStoreUrl
      ? `Sessions in ${new URL(config.sessionStoreUrl).host} (shared by replicas)`
      : 'Sessions in memory (this process only)',
  )
  if (localCloud) {
    lines.push(
      localCloud.embeddings === 'model'
        ? `Local cloud embeddings: Universal Sentence Encoder lite (512 dimensions, mapped to each model’s own), for every embedding model, loaded on first use; LOCAL_CLOUD_EMBEDDINGS=lexical for lexical feature hashing instead`
        : 'Local cloud embeddings: lexical feature hashing (LOCAL_CLOUD_EMBEDDINGS=lexical), not a neural model',
    )
    lines.push('Local cloud tokens (use as "Authorization: Bearer <token>", or paste one on the sign-in page):')
    lines.push(`  demo admin (${localCloud.demo.organizationName}): ${localCloud.tokens.admin}`)
    lines.push(`  second org admin (${localCloud.demo.secondOrganizationName}): ${localCloud.tokens.second}`)
    lines.push(`  read-only member Sam Okafor (${localCloud.demo.organizationName}): ${localCloud.tokens.member}`)
    if (localCloud.testHooks) lines.push(`WARNING: ${TEST_HOOKS_WARNING}`)
  }
  lines.push('', `Open ${config.publicUrl} to sign in: ${signInWays(config, localCloud).join(', or ')}.`)
  return lines
}

function signInWays(config: ConsoleConfig, localCloud: BannerCloud | undefined): string[] {
  const ways: string[] = []
  const demo = localCloud && config.embedded.includes('identity')
  if (demo) ways.push('choose "Continue as demo admin"')
  if (config.oidc)
    ways.push(
      config.oidc.embedded
        ? '"Sign in with Local cloud" as one of the demo people'
        : `"Sign in with" your provider (${config.oidc.issuer})`,
    )
  ways.push(localCloud ? 'paste a token above' : 'paste a bearer token of the platform')
  return ways
}
