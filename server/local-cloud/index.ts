import type { IncomingMessage, ServerResponse } from 'node:http'
import { resolve } from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { createApp } from './app.ts'
import { Authenticator, loadTokens } from './platform/auth.ts'
import { HungCalls } from './platform/hung-calls.ts'
import { answersNext, testHookCaller } from './platform/test-hooks.ts'
import type { RequestLine } from './platform/tracing.ts'
import { DEMO, buildDemoState } from './demo/seed.ts'
import { upgradeFormerIds } from './demo/upgrade-ids.ts'
import { Store } from './platform/store/store.ts'
import type { EmbeddingVectors } from './services/inference/embeddings-worker.ts'
import { embeddingsSources, type EmbeddingsSource } from './services/inference/served-by.ts'
import {
  createOidcProvider,
  type LocalOidcProvider,
  type OidcClientRegistration,
} from './services/identity/oidc/provider.ts'

export interface LocalCloudOptions {
  /** State lives here (the caller's default: '.local-cloud'). */
  dataDir: string
  /** LOCAL_CLOUD_TOKEN: the demo organization admin's bearer token. */
  adminToken?: string
  /** LOCAL_CLOUD_SECOND_TOKEN: the bearer token of an admin of a second organization. */
  secondToken?: string
  /** LOCAL_CLOUD_MEMBER_TOKEN: the bearer token of the demo organization's read-only member. */
  memberToken?: string
  /** LOCAL_CLOUD_PROVISION_MS, default 2000; 0 = at once. */
  provisionMs?: number
  /** LOCAL_CLOUD_LATENCY_MS, default 0: added before every response. */
  latencyMs?: number
  /** LOCAL_CLOUD_FAILURE_RATE in [0,1]: the share of requests answered 503. */
  failureRate?: number
  /** LOCAL_CLOUD_EMBEDDINGS, default `model`: the sentence encoder's vectors, or `lexical` feature hashing. */
  embeddings?: EmbeddingVectors
  /**
   * LOCAL_CLOUD_TEST_HOOKS=true, for end-to-end tests only, each for a caller with the admin token: POST
   * /local/testing/hang gives a token whose calls of the listed operations are never answered; POST
   * /local/testing/answer-next makes the next request of a method to a pathname answer as the test says, once: the
   * platform's behaviour the demo data never shows (an outage, a 501).
   */
  testHooks?: boolean
  /** Where a line per request goes, with the trace id of its traceparent (as the platform's services log); none by default. */
  log?: (line: RequestLine) => void
  /** Runs the OpenID provider under /local/identity, with the console registered as its client. */
  oidc?: {
    /** The identity base URL as the console sees it. */
    issuer: string
    client: OidcClientRegistration
    /** LOCAL_CLOUD_ACCESS_TOKEN_SECONDS, default 3600. */
    accessTokenSeconds?: number
    /** LOCAL_CLOUD_TEST_HOOKS=true: serves /local/identity/testing/oidc for end-to-end tests. */
    testHooks?: boolean
  }
}

export interface LocalCloud {
  /**
   * Answers a request whose URL path starts with /local/ (/local/region, /local/identity, /local/aiproxy,
   * /local/inference). Long work (an embeddings run) stops when the request's signal aborts.
   */
  fetch(request: Request): Promise<Response>
  /** The same for Node's HTTP server (req.url is the full URL). */
  handle(req: IncomingMessage, res: ServerResponse): void
  tokens: { admin: string; second: string; member: string }
  /** Which vectors the embeddings endpoint answers with. */
  embeddings: EmbeddingVectors
  /** What serves each embedding model, for the console to say wherever it shows one. */
  embeddingsSources: EmbeddingsSource[]
  demo: {
    organizationId: string
    organizationName: string
    secondOrganizationId: string
    secondOrganizationName: string
  }
  /** Whether it serves its test hooks (LOCAL_CLOUD_TEST_HOOKS). */
  testHooks: boolean
  /** The OpenID provider, when the options asked for one. Its paths are served by `handle` only (it is a Node app). */
  oidc?: LocalOidcProvider
  /** Flushes pending writes and stops timers. */
  close(): Promise<void>
}

const DEFAULT_PROVISION_MS = 2000

const stores = new WeakMap<LocalCloud, Store>()

/** The state behind a local cloud, for seeding in tests and benches; clients go through HTTP. */
export function storeOf(cloud: LocalCloud): Store {
  const store = stores.get(cloud)
  if (!store) throw new Error('not a local cloud created by createLocalCloud')
  return store
}

export async function createLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const dataDir = resolve(options.dataDir)
  const tokens = await loadTokens(dataDir, {
    admin: options.adminToken,
    second: options.secondToken,
    member: options.memberToken,
  })
  const store = await Store.open(dataDir, () => buildDemoState(), upgradeFormerIds)
  const auth = new Authenticator(store, [
    {
      token: tokens.admin,
      principal: { organizationId: DEMO.organizationId, subject: DEMO.adminSubject, organizationAdmin: true },
    },
    {
      token: tokens.second,
      principal: {
        organizationId: DEMO.secondOrganizationId,
        subject: DEMO.secondAdminSubject,
        organizationAdmin: true,
      },
    },
    // Not an admin: the member has what the groups that list him grant (Sam Okafor, a reader).
    { token: tokens.member, principal: { organizationId: DEMO.organizationId, subject: DEMO.memberSubject } },
  ])
  const embeddings = options.embeddings ?? 'model'
  const isAdmin = testHookCaller(tokens.admin)
  const hungCalls = options.testHooks
    ? new HungCalls(
        { organizationId: DEMO.organizationId, subject: DEMO.adminSubject, organizationAdmin: true },
        isAdmin,
      )
    : undefined
  if (hungCalls) auth.accept(hungCalls.lookup)
  const app = createApp(store, auth, {
    provisionMs: clamp(options.provisionMs ?? DEFAULT_PROVISION_MS, 0, 3_600_000),
    latencyMs: clamp(options.latencyMs ?? 0, 0, 60_000),
    failureRate: clamp(options.failureRate ?? 0, 0, 1),
    embeddings,
    ...(options.log ? { log: options.log } : {}),
    ...(hungCalls ? { hungCalls } : {}),
  })
  const oidc = options.oidc
    ? await createOidcProvider({
        issuer: options.oidc.issuer,
        client: options.oidc.client,
        accessTokenSeconds: clamp(options.oidc.accessTokenSeconds ?? 3600, 1, 86_400),
        dataDir,
        testHooks: options.oidc.testHooks ? isAdmin : undefined,
      })
    : undefined
  if (oidc) auth.accept((token, now) => oidc.authenticate(token, now))
  const injected = options.testHooks ? answersNext(isAdmin) : undefined
  const fetch = async (request: Request) => (await injected?.answer(request)) ?? app.fetch(request)
  // Node's own Request and Response stay global: replacing them process-wide (the adapter's default, for speed)
  // breaks other code in the process, such as react-router's loaders in the integration tests, which build Requests.
  const listener = getRequestListener(fetch, { overrideGlobalObjects: false })
  const cloud: LocalCloud = {
    fetch,
    handle: (req, res) => {
      if (oidc?.owns((req.url ?? '').split('?')[0] ?? '')) {
        oidc.handle(req, res).catch((error: unknown) => {
          console.error('local cloud: OpenID provider error', error)
          if (!res.headersSent) res.writeHead(500)
          res.end()
        })
        return
      }
      void listener(req, res)
    },
    tokens,
    embeddings,
    embeddingsSources: embeddingsSources(embeddings),
    demo: {
      organizationId: DEMO.organizationId,
      organizationName: DEMO.organizationName,
      secondOrganizationId: DEMO.secondOrganizationId,
      secondOrganizationName: DEMO.secondOrganizationName,
    },
    testHooks: options.testHooks ?? false,
    ...(oidc ? { oidc } : {}),
    close: async () => {
      await oidc?.close()
      await store.close()
    },
  }
  stores.set(cloud, store)
  return cloud
}

/** Puts the demo data back in `dataDir`; the tokens there are kept. A running cloud holds the directory: refused. */
export async function resetLocalCloudData(dataDir: string): Promise<void> {
  const store = await Store.open(resolve(dataDir), () => buildDemoState())
  store.load(buildDemoState())
  await store.flush(true)
  await store.close()
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min
}

function numberFrom(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim()
  if (!raw) return undefined
  const value = Number(raw)
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number`)
  return value
}

function isEmbeddingVectors(value: string): value is EmbeddingVectors {
  return value === 'model' || value === 'lexical'
}

export function readLocalCloudOptionsFromEnv(env: NodeJS.ProcessEnv): LocalCloudOptions {
  const failureRate = numberFrom(env, 'LOCAL_CLOUD_FAILURE_RATE')
  if (failureRate !== undefined && (failureRate < 0 || failureRate > 1))
    throw new Error('LOCAL_CLOUD_FAILURE_RATE must be between 0 and 1')
  const provisionMs = numberFrom(env, 'LOCAL_CLOUD_PROVISION_MS')
  const latencyMs = numberFrom(env, 'LOCAL_CLOUD_LATENCY_MS')
  if ((provisionMs ?? 0) < 0 || (latencyMs ?? 0) < 0)
    throw new Error('LOCAL_CLOUD_PROVISION_MS and LOCAL_CLOUD_LATENCY_MS must not be negative')
  const embeddings = env.LOCAL_CLOUD_EMBEDDINGS?.trim() || undefined
  if (embeddings !== undefined && !isEmbeddingVectors(embeddings))
    throw new Error('LOCAL_CLOUD_EMBEDDINGS must be model (the sentence encoder, the default) or lexical')
  return {
    dataDir: env.DATA_DIR?.trim() || '.local-cloud',
    ...(env.LOCAL_CLOUD_TOKEN ? { adminToken: env.LOCAL_CLOUD_TOKEN } : {}),
    ...(env.LOCAL_CLOUD_SECOND_TOKEN ? { secondToken: env.LOCAL_CLOUD_SECOND_TOKEN } : {}),
    ...(env.LOCAL_CLOUD_MEMBER_TOKEN ? { memberToken: env.LOCAL_CLOUD_MEMBER_TOKEN } : {}),
    ...(provisionMs !== undefined ? { provisionMs } : {}),
    ...(latencyMs !== undefined ? { latencyMs } : {}),
    ...(failureRate !== undefined ? { failureRate } : {}),
    ...(embeddings ? { embeddings } : {}),
    ...(env.LOCAL_CLOUD_TEST_HOOKS === 'true' ? { testHooks: true } : {}),
  }
}

/** The OpenID provider's own settings; the issuer and the client come from the console's configuration. */
export function readLocalOidcEnv(env: NodeJS.ProcessEnv): { accessTokenSeconds?: number; testHooks: boolean } {
  const accessTokenSeconds = numberFrom(env, 'LOCAL_CLOUD_ACCESS_TOKEN_SECONDS')
  if (accessTokenSeconds !== undefined && accessTokenSeconds < 1)
    throw new Error('LOCAL_CLOUD_ACCESS_TOKEN_SECONDS must be at least 1')
  return {
    ...(accessTokenSeconds !== undefined ? { accessTokenSeconds } : {}),
    testHooks: env.LOCAL_CLOUD_TEST_HOOKS === 'true',
  }
}
