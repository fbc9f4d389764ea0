// The console server's activity log: the writes made through this console in an organization (GET /console/activity).

import { infiniteQueryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { sendJson } from './client'
import type { ApiRequest, Service } from './request'

const entrySchema = z.looseObject({
  at: z.string(),
  subject: z.string(),
  displayName: z.string(),
  organizationId: z.string(),
  method: z.string(),
  service: z.string(),
  kind: z.string(),
  resourceId: z.optional(z.string()),
  resourceName: z.optional(z.string()),
  action: z.optional(z.string()),
  path: z.string(),
  /** None where the console never saw the write's answer: its outcome is unknown (`outcomeOf`). */
  status: z.optional(z.number()),
  errorCode: z.optional(z.string()),
  traceId: z.string(),
})

const activitySchema = z.looseObject({
  entries: z.array(entrySchema),
  total: z.number(),
  people: z.array(z.looseObject({ subject: z.string(), displayName: z.string() })),
  kinds: z.array(z.string()),
  unreadable: z.optional(z.array(z.string())),
  dropped: z.optional(z.looseObject({ accepted: z.optional(z.string()), refused: z.optional(z.string()) })),
})

export type ActivityEntry = z.output<typeof entrySchema> & { service: Service }
interface Activity {
  entries: ActivityEntry[]
  /** Entries that match, of which the newest 200 are sent. */
  total: number
  /** Everyone and every kind the caller may see, for the filters' choices. */
  people: { subject: string; displayName: string }[]
  kinds: string[]
  /** The kinds the caller's role cannot read, whose changes are left out. */
  unreadable?: string[]
  dropped?: Dropped
}

/**
 * The time of the newest entry the log has given up to its limits, of each outcome: every earlier one of that outcome
 * is gone too, every later one kept.
 */
export interface Dropped {
  accepted?: string
  refused?: string
}

/** Each filter keeps entries with any of its values; empty keeps all. */
export interface ActivityFilter {
  person: string[]
  kind: string[]
  /** 'succeeded', 'failed', 'unknown' (`Outcome`) */
  outcome: string[]
  /** ISO time: entries from then on. */
  since?: string
}

/** The last entry shown, which the next page starts after (server/console/activity-routes.ts, pageStart). */
interface PageEnd {
  before: string
  beforeTrace: string
}

/** How many of the newest entries the overview shows, and asks for: it polls, and the Activity page has the rest. */
export const OVERVIEW_SHOWN = 5

/**
 * The log 200 entries at a time, newest first: each page after the last entry of the one before; the overview's
 * read, only its newest few. `reader` keeps the overview's read apart from the Activity page's: a page opened within
 * the other's freshness would show its entries without asking again, and miss the changes made in between.
 */
export const activityQuery = (organizationID: string, filter: ActivityFilter, reader: 'page' | 'overview' = 'page') =>
  infiniteQueryOptions({
    queryKey: ['activity', organizationID, filter, reader] as const,
    queryFn: ({ signal, pageParam, client, queryKey }) => {
      const request: ApiRequest<'console'> = {
        service: 'console',
        method: 'GET',
        path: '/console/activity',
        query: {
          organization: organizationID,
          ...filter,
          ...pageParam,
          ...(reader === 'overview' ? { limit: String(OVERVIEW_SHOWN) } : {}),
        },
      }
      const background = !pageParam && client.getQueryData(queryKey) !== undefined
      return sendJson(request, activitySchema, { signal, background }) as Promise<Activity>
    },
    initialPageParam: undefined as PageEnd | undefined,
    getNextPageParam: (last, pages): PageEnd | undefined => {
      const end = last.entries.at(-1)
      const shown = pages.reduce((count, page) => count + page.entries.length, 0)
      return end && shown < last.total ? { before: end.at, beforeTrace: end.traceId } : undefined
    },
  })
