import { isAscii } from 'node:buffer'
import { aclAllows, aclApi } from '../../src/api/acl.ts'
import { regionApi } from '../../src/api/regions.ts'
import { groupApi, roleApi } from '../../src/api/identity.ts'
import type { AnswerReader } from '../../src/api/client.ts'
import { askedReads } from '../../src/api/read.ts'
import { consolePath, type ApiRequest } from '../../src/api/request.ts'
import { catalogRegionOf, MODEL_PAGES, modelsRead, REGION_CATALOGS } from '../../src/lib/catalog-reads.ts'
import { fileStorageReads } from '../../src/features/file-storage/file-storage-reads.ts'
import { groupFormReads, groupReads } from '../../src/features/groups/group-reads.ts'
import { organizationReads } from '../../src/features/organization/organization-reads.ts'
import { projectReads } from '../../src/features/projects/project-reads.ts'
import { createDefaults as instanceDefaults } from '../../src/features/instances/instance-form.ts'
import { instanceCreateReads, instanceReads } from '../../src/features/instances/instance-reads.ts'
import { networkReads } from '../../src/features/networks/network-reads.ts'
import { loadBalancerCreateReads, loadBalancerReads } from '../../src/features/load-balancers/load-balancer-reads.ts'
import { sshCertificateAuthorityReads } from '../../src/features/ssh-certificate-authorities/ssh-certificate-authority-reads.ts'
import { reservationReads } from '../../src/features/reservations/reservation-reads.ts'
import { placementReads } from '../../src/features/placements/placement-reads.ts'
import { objectStorageEndpointReads } from '../../src/features/object-storage/object-storage-reads.ts'
import { clusterReads } from '../../src/features/clusters/cluster-reads.ts'
import {
  securityGroupCreateReads,
  securityGroupReads,
} from '../../src/features/security-groups/security-group-reads.ts'
import { OVERVIEW_FIRST, OVERVIEW_PEOPLE, overviewReads } from '../../src/features/overview/overview-reads.ts'
import { resources, type Paged, type Resource, type ResourceName } from '../../src/lib/resources.ts'
import { GzipBatches, streamBrotli, type CompressionTimer } from './compress.ts'
import type { ServerResponse } from 'node:http'
import { nodeSink, webSink, type Sink } from './bootstrap-sink.ts'
import { errorResponse } from './errors.ts'
import type { WholeAnswer } from './proxy.ts'

/**
 * GET /console/bootstrap?page=<the opened path and query>: the reads the SPA's first screen waits on, asked at once
 * rather than one after another as its code gets to them (issue 30: the list's networks request went out long after the
 * entry arrived; bench/list-trace.bench.ts times the two). index.html preloads it (static.ts), so it starts with the
 * page, before any script; the SPA takes each answer as the answer to its own request for the same URL
 * (src/api/bootstrap.ts).
 *
 * Each read goes through the console server's own routes (`call`: the proxy, its session, refresh and permission
 * path), so a 403, a 404 or a 504 in one part is the same answer the SPA would have had, and the other parts stand.
 * Each part is written as soon as its read answers, so a slow service holds only its own part: a line of JSON saying
 * what answered and the `length` of its body, then the body as the proxy gave it, then a newline. The body is not a
 * string inside that JSON: escaped there, a large list grew, Brotli took far longer to compress its line than the body
 * as it came (bench/bootstrap-cpu.bench.ts times the server's side of a 10,006-network list), and the SPA parsed it
 * twice, once to unescape it and once to read it. The overview's reads are carried too (overviewParts): its eleven
 * requests went out only once its code had run, most of the way to its first paint. Signed out, it carries the
 * session's answer alone (null): not a 401, which a browser logs as a failed load on every signed-out page, where the
 * session route answers null for that reason.
 */

/** A read on its way, or reads that start once another has answered (the overview's need the ACL and the regions). */
type Pending = Promise<Part | undefined | Pending[]>

/** One read: the URL the SPA requests it at, and its answer as the SPA's fetch would have read it. */
interface Part {
  url: string
  status: number
  contentType: string
  traceId?: string
  sessionEnded: boolean
  body: Body
}

/**
 * A part's body as the proxy's stream gave it, and its length in characters, which is how the SPA counts it (it reads
 * the answer as text). An ASCII body (any JSON the platform writes with escapes; every list the demo holds) is as
 * many characters as bytes, so it goes on as bytes: decoded here and encoded again, a large list cost the server CPU at
 * every page load in decoding, joining and encoding alone (bench/bootstrap-cpu.bench.ts). Any other is read as text, as
 * the SPA will read it.
 */
interface Body {
  chunks: readonly (Uint8Array | string)[]
  length: number
}

async function bodyOf(response: Answer): Promise<Body> {
  if (!(response instanceof Response)) return bodyFrom(response.body ? [response.body] : [])
  const chunks: Uint8Array[] = []
  const reader = response.body?.getReader()
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) chunks.push(read.value)
  return bodyFrom(chunks)
}

function bodyFrom(chunks: Uint8Array[]): Body {
  let length = 0
  let ascii = true
  for (const chunk of chunks) {
    length += chunk.byteLength
    ascii &&= isAscii(chunk)
  }
  if (ascii) return { chunks, length }
  const text = new TextDecoder().decode(Buffer.concat(chunks))
  return { chunks: [text], length: text.length }
}

/** A (small) part's body as text, for the few this server reads itself. */
const textOf = ({ chunks }: Body) =>
  chunks.map((chunk) => (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('latin1'))).join('')

/** The console server's own GET of `url` (a /console/… or /api/… path and query), with the browser's cookies. */
export type Call = (url: string) => Answer | Promise<Answer>

/** A read's answer: a web Response, or the proxy's answer held whole. */
type Answer = Response | WholeAnswer

interface StoredScope {
  organizationId?: string
  projectId?: string
  regionId?: string
}

export const SCOPE_COOKIE = 'cc_scope'

/**
 * The working scope the SPA keeps in localStorage, mirrored into a cookie (src/lib/scope.ts) so this server can ask
 * for the same lists the SPA will. Only ids; anything else is ignored.
 */
function storedScope(cookieHeader: string | undefined): StoredScope {
  const raw = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SCOPE_COOKIE}=`))
    ?.slice(SCOPE_COOKIE.length + 1)
  if (!raw) return {}
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw))
    if (!parsed || typeof parsed !== 'object') return {}
    const record = parsed as Record<string, unknown>
    const pick = (key: keyof StoredScope) =>
      typeof record[key] === 'string' && record[key] !== '' ? (record[key] as string) : undefined
    return { organizationId: pick('organizationId'), projectId: pick('projectId'), regionId: pick('regionId') }
  } catch {
    return {}
  }
}

/**
 * The stored scope as the SPA's scope check keeps it in the organization the page opens in: its project and region
 * only if they were chosen in that organization (src/lib/scope.ts `resolveScope`).
 */
function scopeIn(stored: StoredScope, organizationID: string) {
  const kept = stored.organizationId === organizationID ? stored : {}
  return { organizationId: organizationID, projectId: kept.projectId, regionId: kept.regionId }
}

/** Asks reads that waited for another's answer, and names them as coming (`late`) as it asks them. */
type AskLate = (urls: string[]) => Promise<Part | undefined>[]

const paged = (Object.values(resources) as Resource[]).filter((row): row is Paged => Boolean(row.page))

/**
 * The lists of a project's resources a page opens on, by the page's path: their proxy URL without the query
 * (`Resource.api`), and whether a region filters them (a resource of a project alone is in none).
 */
const REGIONAL_LISTS: Record<string, { url: string; inRegion: boolean }> = Object.fromEntries(
  paged
    .filter(({ api }) => api.lives !== 'organization')
    .map(({ path, api }) => [
      `/${path}`,
      { url: `/api/${api.service}${api.collection}`, inRegion: api.lives === 'region' },
    ]),
)

/** The organization's lists a page opens on, by the page's path: the segment after the organization's path. */
const ORGANIZATION_LISTS: Record<string, string> = Object.fromEntries(
  paged.filter(({ api }) => api.lives === 'organization').map(({ path, api }) => [`/${path}`, api.collection]),
)

const enc = encodeURIComponent

/**
 * A page's path as the router reads it (src/app/router.tsx): its section, and the item it opens on (`new` is a create
 * form, which opens on none), on its detail page or its edit form; undefined for a path no page has.
 */
function pageOf(path: string): { section?: string; id?: string; isNew: boolean; edit: boolean } | undefined {
  const [section, id, edit, ...rest] = path.split('/').filter(Boolean)
  if (rest.length || (edit !== undefined && edit !== 'edit') || (id === 'new' && edit)) return undefined
  let decoded: string | undefined
  try {
    decoded = id === undefined || id === 'new' ? undefined : decodeURIComponent(id)
  } catch {
    // A malformed escape in the path: the SPA's own loader meets it, as it would have.
    return undefined
  }
  return { section, id: decoded, isNew: id === 'new', edit: edit === 'edit' }
}

/**
 * What a group's, a project's or the organization's page reads in the chosen organization, as each page declares it
 * (src/features/groups/group-reads.ts, src/features/projects/project-reads.ts,
 * src/features/organization/organization-reads.ts): a group's pages, the group and the people, roles and projects it
 * names; a project's page, what is placed in it (the project itself comes from the projects list every page is
 * carried); the organization's page and its edit form, the organization and its identity providers. And the roles
 * the list of groups names (its `names`).
 */
function organizationPageUrls(path: string, organizationID: string): string[] {
  const page = pageOf(path)
  if (page?.section === resources.groups.path && !page.id && !page.isNew)
    return [consolePath(roleApi.list.request({ organizationID }))]
  // The organization's page (the scope's organization) and its edit form (the one its URL names): the organization,
  // and the identity providers the page names the one it signs in through from and the form offers.
  if (page?.section === resources.organizations.path)
    return page.id && !page.edit
      ? []
      : Object.values(organizationReads(page.id ?? organizationID)).map((read) => consolePath(read.request()))
  if (!page?.id) return []
  const reads: Record<string, { request: () => ApiRequest }> =
    page.section === resources.groups.path
      ? groupReads(page.id, organizationID)
      : page.section === resources.projects.path && !page.edit
        ? projectReads(page.id, organizationID)
        : {}
  return Object.values(reads).map((read) => consolePath(read.request()))
}

/**
 * What a create form asks as it opens, as each form declares it, from the working scope (the stored one, its project
 * and region only in the organization they were chosen in) and the link's preselection in the URL: a group's form
 * the people, roles and projects it offers; an instance's the security groups' names and what its preselected
 * region, project and network offer; a security group's and a load balancer's the networks they offer.
 */
function createFormUrls(page: URL, organizationID: string, stored: StoredScope): string[] {
  const opened = pageOf(page.pathname)
  if (!opened?.isNew) return []
  const scope = scopeIn(stored, organizationID)
  const reads =
    opened.section === resources.groups.path
      ? Object.values(groupFormReads(organizationID))
      : opened.section === resources.instances.path
        ? askedReads(instanceCreateReads(instanceDefaults(scope, page.searchParams)))
        : opened.section === resources.securityGroups.path
          ? askedReads(securityGroupCreateReads(scope, Boolean(page.searchParams.get('network'))))
          : opened.section === resources.loadBalancers.path
            ? askedReads(loadBalancerCreateReads(scope, Boolean(page.searchParams.get('network'))))
            : []
  return reads.map((read) => consolePath(read.request()))
}

/**
 * Whether the page names groups (src/components/GroupNames.tsx and the lists' `names`, from the organization's
 * groups list): every page of users, service accounts and projects, their lists' column, their pages and their
 * forms' pickers.
 */
function namesGroups(page: URL): boolean {
  const section = page.pathname.split('/').filter(Boolean)[0]
  return [resources.users.path, resources.serviceAccounts.path, resources.projects.path].some(
    (path) => path === section,
  )
}

/**
 * An item of the organization's (a user, a service account) has no read of its own on the platform: its detail or
 * edit page reads it out of the organization's list (`selectedFromList` in src/api/identity.ts), so the list page's
 * path is given, and the list carried.
 */
function itemInList(path: string): string | undefined {
  const page = pageOf(path)
  return page?.id && ORGANIZATION_LISTS[`/${page.section}`] ? `/${page.section}` : undefined
}

/** A resource's page reads (src/api/read.ts `detailReads`), as this server uses them: URLs, and the item's reader. */
interface PageReads {
  item: (id: string) => { endpoint: { spec: { read?: AnswerReader<unknown> } }; request: () => ApiRequest }
  related: (item: never) => Record<string, { request: () => ApiRequest }>
  edit: (item: never) => Record<string, { request: () => ApiRequest }>
}

/** The rows whose items have a read of their own: each has a detail page that opens on it. */
type ItemRead = {
  [K in ResourceName]: (typeof resources)[K] extends { page: true; api: { lives: 'region' | 'project' } } ? K : never
}[ResourceName]

/**
 * What each detail and edit page that opens on an item reads beside it, by its row: the reads it declares
 * (src/features/<resource>/<resource>-reads.ts), which its loader and its queries are built from. A row whose pages
 * read nothing beside the item needs none: its item is asked at its row's path. `e2e/bootstrap.spec.ts` fails for a
 * page that asks the platform for more than it was carried.
 */
const DETAIL_PAGES: Partial<Record<ItemRead, PageReads>> = {
  networks: networkReads,
  securityGroups: securityGroupReads,
  fileStorage: fileStorageReads,
  instances: instanceReads,
  sshCertificateAuthorities: sshCertificateAuthorityReads,
  reservations: reservationReads,
  placements: placementReads,
  loadBalancers: loadBalancerReads,
  objectStorageEndpoints: objectStorageEndpointReads,
  clusters: clusterReads,
}

/** The page's item read, and what else the page reads once the item is in; undefined elsewhere. */
interface OpenedItem {
  url: string
  reader: AnswerReader<unknown> | undefined
  beside: PageReads['related']
}

/** The item a detail or edit page's loader asks for first; undefined for any other page (or `new`, a create form). */
function openedItem(page: URL): OpenedItem | undefined {
  const opened = pageOf(page.pathname)
  const row = paged.find(({ path, api }) => path === opened?.section && api.lives !== 'organization')
  if (!row || !opened?.id) return undefined
  const reads = DETAIL_PAGES[(Object.keys(resources) as ItemRead[]).find((name) => resources[name] === row)!]
  if (!reads)
    return {
      url: `/api/${row.api.service}${row.api.collection}/${enc(opened.id)}`,
      reader: undefined,
      beside: () => ({}),
    }
  const item = reads.item(opened.id)
  return {
    url: consolePath(item.request()),
    reader: item.endpoint.spec.read,
    beside: opened.edit ? reads.edit : reads.related,
  }
}

/**
 * A detail or edit page's item, and with it what the detail page shows beside it or the edit form offers, asked once
 * the item has answered (the reads need its organization, region or network): none when it did not answer, as the
 * page then shows the refusal alone. The reads are named as coming (`late`) before the item's part is written, so the
 * SPA, which asks for them once it has the item, waits for them rather than asking again.
 */
function itemParts(opened: OpenedItem, item: Promise<Part | undefined>, askLate: AskLate): Pending {
  return item.then((answer) => {
    const value = answer?.status === 200 && opened.reader ? parsed(opened.reader, answer) : undefined
    // Once each: two of a page's reads may be the same list (a picker's, and the names it shows).
    const urls = new Set(
      value ? Object.values(opened.beside(value as never)).map((related) => consolePath(related.request())) : [],
    )
    return [Promise.resolve(answer), ...askLate([...urls])]
  })
}

/**
 * The list URL the page's loader asks for, the way src/lib/list-filters.ts reads a page's URL (`organization`,
 * `project`, `region` default to the scope; `all` lifts the default) and src/api/request.ts writes the query.
 * An identity list takes the organization alone (src/lib/identity-list.ts). Undefined for a page this does not know, or filters it does not mirror (tags, an instance list's networks): the
 * SPA then asks itself. The e2e bootstrap test fails if the two drift apart, as the SPA would ask again.
 */
function pageListUrl(page: URL, scope: StoredScope & { organizationId: string }): string | undefined {
  const path = page.pathname.replace(/(.)\/$/, '$1')
  const list = ORGANIZATION_LISTS[path] ?? ORGANIZATION_LISTS[itemInList(path) ?? '']
  if (list) return `/api/identity/api/v1/organizations/${enc(scope.organizationId)}/${list}`
  const regional = REGIONAL_LISTS[path]
  if (!regional || page.searchParams.has('tag') || page.searchParams.has('network')) return undefined
  const base = regional.url
  const scoped = (key: string, fallback: string | undefined) => {
    const values = page.searchParams.getAll(key).filter(Boolean)
    if (values.includes('all')) return []
    if (values.length) return values
    return fallback ? [fallback] : []
  }
  const query = [
    ...scoped('organization', scope.organizationId).map((id) => `organizationID=${enc(id)}`),
    ...scoped('project', scope.projectId).map((id) => `projectID=${enc(id)}`),
    ...(regional.inRegion ? scoped('region', scope.regionId) : []).map((id) => `regionID=${enc(id)}`),
  ]
  return query.length ? `${base}?${query.join('&')}` : base
}

const isOverview = (page: URL) => page.pathname === '/'

/**
 * The overview's reads (src/features/overview/overview-reads.ts builds their requests, as its loader does): the
 * lists, quotas and prices at once; each people list once the caller's ACL says it may read it, as the page asks
 * (allowed when there is no ACL to read); each region's flavors once the regions have answered.
 */
function overviewParts(
  organizationID: string,
  acl: Promise<Part | undefined>,
  regions: Promise<Part | undefined>,
  read: (url: string) => Promise<Part | undefined>,
  askLate: AskLate,
): Pending[] {
  const urlsOf = (reads: { request: () => ApiRequest }[]) => reads.map(({ request }) => consolePath(request()))
  const now = urlsOf(OVERVIEW_FIRST.map((list) => overviewReads[list](organizationID))).map(read)
  const people = acl.then((answer) => {
    const granted = answer?.status === 200 ? parsed(aclApi.organization.spec.read!, answer) : undefined
    const allowed = OVERVIEW_PEOPLE.filter((list) => !granted || aclAllows(granted, resources[list].acl, 'read'))
    return askLate(urlsOf(allowed.map((list) => overviewReads[list](organizationID))))
  })
  const flavors = regions.then((answer) => {
    const listed = answer?.status === 200 ? parsed(regionApi.list.spec.read!, answer) : undefined
    return askLate(urlsOf((listed ?? []).map((region) => overviewReads.flavors(organizationID, region.metadata.id))))
  })
  return [...now, people, flavors]
}

/**
 * What a catalog page reads as it opens (src/lib/catalog-reads.ts): the organization's model endpoints for the model
 * catalog and the playground; for the flavors, the images and an image's page, their region's list, in the region the
 * page will show, once the regions have answered: named as coming (`late`) as it is asked, as a detail page's related
 * reads are, so that regions that hang hold only this page. The stored region counts as the SPA's scope check keeps
 * it: in the organization it was chosen in, and among its regions. A pending read of the list, or none for any other
 * page.
 */
function catalogParts(
  page: URL,
  organizationID: string,
  stored: StoredScope,
  regions: Promise<Part | undefined>,
  read: (url: string) => Promise<Part | undefined>,
  askLate: AskLate,
): Pending | undefined {
  const opened = pageOf(page.pathname)
  if (!opened?.section || opened.isNew || opened.edit) return undefined
  const { section, id } = opened
  if (!id && (MODEL_PAGES as readonly string[]).includes(section))
    return Promise.resolve([read(consolePath(modelsRead(organizationID).request()))])
  const list = REGION_CATALOGS[section as keyof typeof REGION_CATALOGS]
  if (!list || (id && section !== 'images')) return undefined
  return regions.then((answer) => {
    const listed = answer?.status === 200 ? parsed(regionApi.list.spec.read!, answer) : undefined
    const { regionId } = scopeIn(stored, organizationID)
    const kept = !listed || listed.some((region) => region.metadata.id === regionId)
    const regionID = catalogRegionOf(page.searchParams.get('region'), kept ? regionId : undefined, listed)
    return regionID ? askLate([consolePath(list.request({ organizationID, regionID }))]) : []
  })
}

/** A part's body as its endpoint reads it, or undefined when it does not read. */
function parsed<T>(reader: AnswerReader<T>, part: Part): T | undefined {
  try {
    const result = reader.safeParse(JSON.parse(textOf(part.body)))
    return result.success ? result.data : undefined
  } catch {
    return undefined
  }
}

async function partOf(url: string, response: Answer): Promise<Part> {
  return {
    url,
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    traceId: response.headers.get('traceresponse')?.split('-')[1],
    sessionEnded: response.headers.get('x-console-session') === 'ended',
    body: await bodyOf(response),
  }
}

/** The organization the SPA's scope check settles on (src/lib/scope.ts resolveScope): the stored one, else the first. */
function organizationOf(organizations: Part, stored: string | undefined): string | undefined {
  if (organizations.status === 404) return stored
  if (organizations.status !== 200) return undefined
  try {
    const list = JSON.parse(textOf(organizations.body)) as { metadata?: { id?: unknown } }[] | null
    const ids = (list ?? []).map((item) => item.metadata?.id).filter((id): id is string => typeof id === 'string')
    return stored && ids.includes(stored) ? stored : ids[0]
  } catch {
    return undefined
  }
}

/** The bootstrap's answer: written to `outgoing` when given (then undefined), else a web Response. */
export async function bootstrapResponse(
  request: Request,
  call: Call,
  encoding: 'br' | 'gzip' | undefined,
  timer?: CompressionTimer,
  outgoing?: ServerResponse,
): Promise<Response | undefined> {
  const page = new URL(request.url).searchParams.get('page') ?? '/'
  if (!page.startsWith('/') || page.startsWith('//'))
    return errorResponse(400, 'invalid_request', 'page must be a path on this console, such as /networks.')
  const pageUrl = new URL(page, 'http://console')
  const scope = storedScope(request.headers.get('cookie') ?? undefined)
  // A read that fails outright (not an error answer: those are parts) is left out, and the SPA asks for it itself.
  const unwritten = new Set<string>()
  const read = (url: string): Promise<Part | undefined> => {
    unwritten.add(url)
    return Promise.resolve()
      .then(() => call(url))
      .then((response) => partOf(url, response))
      .catch(() => {
        unwritten.delete(url)
        return undefined
      })
  }

  // Asked together: none of the three needs another's answer (a signed-out organizations read is discarded).
  const session = read('/console/session')
  const config = read('/console/config')
  const organizations = read('/api/identity/api/v1/organizations')
  // A detail page's item needs no scope: asked with the session, and dropped like the others if signed out.
  const opened = openedItem(pageUrl)
  const item = opened ? read(opened.url) : undefined
  // Signed out (the session answers null) or the session store failing: the session's answer alone, which the SPA
  // reads as it would have read its own (the sign-in page, or the store's 503).
  const answered = await session
  if (!answered) return errorResponse(503, 'unavailable', 'The session could not be read.')
  const signedIn = answered.status === 200 && textOf(answered.body).trim() !== 'null'
  // Signed out, the configuration's and organizations' answers are dropped: the session's is the only part to come.
  if (!signedIn) for (const url of unwritten) if (url !== answered.url) unwritten.delete(url)
  const reads: Reads = { asked: Promise.resolve(), unwritten, late: () => undefined }
  // Reads asked once another has answered (the ACL, the regions, a detail page's item) are named as coming as they
  // are asked (`late`), not waited for: a service that hangs holds only its own parts, not the page opened next.
  const askLate: AskLate = (urls) => {
    const asked = urls.map(read)
    if (urls.length) reads.late(urls)
    return asked
  }
  const withRelated = opened && item ? itemParts(opened, item, askLate) : undefined
  const parts = signedIn ? [session, config, organizations, ...(withRelated ? [withRelated] : [])] : [session]
  const scoped = organizations.then((answer) => {
    if (!signedIn || !answer) return []
    const organizationID = organizationOf(answer, scope.organizationId)
    if (!organizationID) return []
    const organization = `/api/v1/organizations/${enc(organizationID)}`
    const list = pageListUrl(pageUrl, scopeIn(scope, organizationID))
    const acl = read(`/api/identity${organization}/acl`)
    const regions = read(`/api/region${organization}/regions`)
    // Asked at once, as the SPA's list loaders and group names ask it: a caller whose roles do not let them read
    // groups gets the proxy's 403 here, which the SPA takes as its own request's answer.
    const groupNames = namesGroups(pageUrl) ? read(consolePath(groupApi.list.request({ organizationID }))) : undefined
    // Once each: a page's reads may include one asked above (the projects list a group's page names grants from).
    const projects = `/api/identity${organization}/projects`
    const inOrganization = [
      ...new Set([
        ...organizationPageUrls(pageUrl.pathname, organizationID),
        ...createFormUrls(pageUrl, organizationID, scope),
      ]),
    ].filter((url) => url !== projects)
    const first: Pending[] = [
      acl,
      read(projects),
      regions,
      // The projects page's list is the one every page is carried.
      ...(list && list !== projects ? [read(list)] : []),
      ...(groupNames ? [groupNames] : []),
      ...inOrganization.map(read),
    ]
    const catalog = catalogParts(pageUrl, organizationID, scope, regions, read, askLate)
    if (catalog) first.push(catalog)
    if (!isOverview(pageUrl)) return first
    return [...first, ...overviewParts(organizationID, acl, regions, read, askLate)]
  })

  reads.asked = scoped
  const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }
  if (encoding) headers['content-encoding'] = encoding
  // As compress.ts says of any answer it leaves as it is.
  else headers.vary = 'Accept-Encoding'
  if (outgoing) {
    void stream([...parts, scoped], reads, nodeSink(outgoing, headers), encoding, timer)
    return undefined
  }
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>()
  void stream([...parts, scoped], reads, webSink(writable), encoding, timer)
  return new Response(readable, { status: 200, headers })
}

/**
 * What the stream names as still to come: every read unwritten once those that need no other answer have been asked
 * (`asked`), and any asked after that, once another answered (`late`).
 */
interface Reads {
  asked: Promise<unknown>
  unwritten: Set<string>
  late: (urls: string[]) => void
}

// The most of a batch compressed in one call (gzip), about a millisecond of CPU.
const GZIP_SLICE_BYTES = 256 * 1024

/**
 * Writes each part as a line the moment it answers, compressed and flushed line by line. Once the reads that need no
 * other answer have been asked, a line names those still to come (`{"coming":[…]}`, no body): the SPA's other
 * requests then stop waiting for the bootstrap (src/api/bootstrap.ts), so a service that hangs holds only its own
 * part, not a page the user opens next.
 */
async function stream(
  parts: Pending[],
  reads: Reads,
  writer: Sink,
  encoding: 'br' | 'gzip' | undefined,
  timer?: CompressionTimer,
): Promise<void> {
  const gzip = encoding === 'gzip' ? new GzipBatches(timer) : undefined
  const brotli = encoding === 'br' ? streamBrotli() : undefined
  const out = brotli
    ? new Promise<void>((done, fail) => {
        // A browser that went away cancels the stream: its writes fail, and nothing is left to tell.
        brotli.on('data', (chunk: Buffer) => void writer.write(new Uint8Array(chunk)))
        brotli.once('end', done)
        brotli.once('error', fail)
      })
    : undefined
  // Awaited below, in the try; until then a failing compressor is not an unhandled rejection.
  out?.catch(() => undefined)
  const utf8 = new TextEncoder()
  const bytes = (chunk: Uint8Array | string) => (typeof chunk === 'string' ? utf8.encode(chunk) : chunk)
  // The lines of parts that answer together go out as one write (one flush of the compressor): a write each cost the
  // server a socket write and a flush per line, most of a first screen's CPU outside the reads themselves. A line is
  // held no longer than the rest of the turn in which it came.
  let batch: (Uint8Array | string)[] = []
  let written = Promise.resolve()
  const emit = async (pieces: (Uint8Array | string)[]) => {
    const joined = Buffer.concat(pieces.map(bytes))
    if (brotli) {
      for (const piece of pieces) brotli.write(piece)
      return new Promise<void>((done) => brotli.flush(() => done()))
    }
    if (!gzip) return writer.write(joined)
    // A large list is compressed a slice a turn, so that no one batch holds the loop for long.
    for (let at = 0; at < joined.byteLength; at += GZIP_SLICE_BYTES) {
      if (at > 0) await new Promise((next) => setImmediate(next))
      void writer.write(gzip.write(joined.subarray(at, at + GZIP_SLICE_BYTES)))
    }
  }
  const send = (pieces: (Uint8Array | string)[]) => {
    // Each batch after the one before it has gone to the compressor whole, in order.
    if (!batch.length)
      written = written
        .then(() => new Promise((next) => setImmediate(next)))
        .then(() => {
          const pieces = batch
          batch = []
          return emit(pieces)
        })
    batch.push(...pieces)
  }
  const each = (part: Pending): Promise<unknown> =>
    part.then((answer) => {
      if (Array.isArray(answer)) return Promise.all(answer.map(each))
      if (!answer) return
      const { body, ...head } = answer
      const line = `${JSON.stringify({ ...head, length: body.length })}\n`
      reads.unwritten.delete(answer.url)
      send([line, ...body.chunks, '\n'])
    })
  // Named as the line is queued: a part queued before it is written before it, and any other comes after. Reads asked
  // after it (a detail page's, once its item is in) are named in a line of their own, before that item's part.
  let named = false
  const name = (urls: string[]) => send([`${JSON.stringify({ coming: urls })}\n`])
  reads.late = (urls) => named && name(urls)
  const coming = reads.asked.then(() => {
    named = true
    name([...reads.unwritten])
  })
  try {
    await Promise.all([...parts.map(each), coming])
    await written
    if (gzip) void writer.write(gzip.end())
    if (brotli) {
      brotli.end()
      await out
    }
    await writer.close()
  } catch (error) {
    // Its native memory goes now, not whenever the collector gets to it.
    brotli?.destroy()
    await writer.abort(error)
  }
}
