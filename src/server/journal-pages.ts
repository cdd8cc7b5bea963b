// What the journal's admin routes answer (journal-routes.ts), loaded on the first read: a page's
// MSW start-up reads no journal page.
import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { operations } from '../api/operations.js'
import { invalidQuery } from './admin-answers.js'
import { DEFAULT_MAX_JOURNAL_BYTES, type Journal, type JournalPageQuery } from './journal.js'
import { SearchText, StatusFilter } from './journal-filters.js'
import { PageLimit } from './page-limit.js'

/** The HAR writer (journal-har.ts), loaded once, on the first download. */
let harWriter: Promise<typeof import('./journal-har.js')> | undefined
/** The Pact writer (src/pact), loaded once, on the first Pact download. */
let pactWriter: Promise<typeof import('../pact/index.js')> | undefined

const RequestsQuery = z
  .object({
    operation: z.enum(operations.map((o) => o.operationId)).optional(),
    session: z.string().optional(),
    limit: PageLimit.optional(),
    after: z
      .string()
      .regex(/^[0-9]{1,15}$/, 'a seq number: a whole number, 0 or more')
      .transform(Number)
      .optional(),
    q: SearchText.optional(),
    status: StatusFilter.optional(),
  })
  .strict()

/** The longest a read of the journal waits for an entry (`?wait=`): under common proxies' idle cut. */
export const MAX_JOURNAL_WAIT_MS = 30_000
/** Wake-ups one waiting read takes at most (entries recorded that its filters leave out). */
const MAX_WAKES = 10_000

/** `?wait=MS`: with nothing to answer, wait up to MS for an entry (a long poll: the dashboard's). */
const WaitQuery = z.object({
  wait: z
    .string()
    .regex(/^[0-9]{1,5}$/, 'milliseconds: a whole number, 0 or more')
    .transform(Number)
    .pipe(z.number().max(MAX_JOURNAL_WAIT_MS))
    .optional(),
})

/** Characters a session keeps in a HAR's file name; any other becomes `_`. */
const FILE_NAME_UNSAFE = /[^A-Za-z0-9._-]/g
/** Most characters of a session in a HAR's file name. */
const MAX_FILE_NAME_SESSION = 64

/** The names a Pact file gives its two sides (`?consumer=`, `?provider=`): a word or a few. */
const PactName = z
  .string()
  .regex(/^[\w .@/-]{1,100}$/, 'letters, digits, spaces and . @ / - _, at most 100')
  .optional()

/** `worker-api-kit-<session>.har`, `-all` when no session was asked for, `-default` for none. */
const harFileName = (session: string | undefined) => {
  const name =
    session === undefined
      ? 'all'
      : session === ''
        ? 'default'
        : session.slice(0, MAX_FILE_NAME_SESSION).replace(FILE_NAME_UNSAFE, '_')
  return `worker-api-kit-${name}.har`
}

/** The journal query a request asks for (its session by query, else by `x-mock-session`), or a 400. */
const pageQueryOf = (
  c: Context,
  raw: Record<string, string> = c.req.query(),
): JournalPageQuery | Response => {
  const parsed = RequestsQuery.safeParse(raw)
  if (!parsed.success) return invalidQuery(c, parsed.error)
  const { session, operation, after, limit, q, status } = parsed.data
  return {
    session: session ?? c.req.header('x-mock-session'),
    operationId: operation,
    after,
    limit,
    q,
    status,
  }
}

/** `GET /__mock/requests`: a page of the journal, filtered, waiting for an entry when asked to. */
export const readJournal = async (c: Context, journal: Journal): Promise<Response> => {
  const { wait: waitText, ...raw } = c.req.query()
  const waiting = WaitQuery.safeParse({ wait: waitText })
  if (!waiting.success) return invalidQuery(c, waiting.error)
  const query = pageQueryOf(c, raw)
  if (query instanceof Response) return query
  let { items, next } = journal.page(query)
  const { wait } = waiting.data
  if (wait) {
    // Until an entry passes the filters, the wait ends, or the client goes away.
    const until = AbortSignal.any([AbortSignal.timeout(wait), c.req.raw.signal])
    for (let wakes = 0; wakes < MAX_WAKES && items.length === 0 && !until.aborted; wakes++) {
      await journal.nextRecord(until)
      ;({ items, next } = journal.page(query))
    }
  }
  // `held`: every entry the journal holds that passes the filters, the page's true count.
  return c.json({ count: items.length, entries: items, next, held: journal.held(query) })
}

/** The journal's page a download asks for, as a HAR 1.2 log; or a 400. */
const harOf = async (c: Context, journal: Journal, raw?: Record<string, string>) => {
  const query = pageQueryOf(c, raw)
  if (query instanceof Response) return query
  // A download holds what the journal holds at most: the whole default journal fits.
  const { items, next } = journal.page({ ...query, maxBytes: DEFAULT_MAX_JOURNAL_BYTES })
  // The HAR writer loads on the first download.
  harWriter ??= import('./journal-har.js')
  const { journalHar } = await harWriter
  return { har: journalHar(items, new URL(c.req.url).origin, next), session: query.session }
}

const DOWNLOAD_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
} as const

/** `GET /__mock/requests.har`: the same page as a HAR 1.2 file. */
export const downloadHar = async (c: Context, journal: Journal): Promise<Response> => {
  const found = await harOf(c, journal)
  if (found instanceof Response) return found
  return c.json(found.har, 200, {
    ...DOWNLOAD_HEADERS,
    'content-disposition': `attachment; filename="${harFileName(found.session)}"`,
  })
}

/**
 * `GET /__mock/requests.pact.json`: the same page as a Pact v4 file (src/pact), its two sides named
 * by `?consumer=` and `?provider=`.
 */
export const downloadPact = async (c: Context, journal: Journal): Promise<Response> => {
  const { consumer: consumerText, provider: providerText, ...raw } = c.req.query()
  const names = z
    .object({ consumer: PactName, provider: PactName })
    .safeParse({ consumer: consumerText, provider: providerText })
  if (!names.success) return invalidQuery(c, names.error)
  const found = await harOf(c, journal, raw)
  if (found instanceof Response) return found
  pactWriter ??= import('../pact/index.js')
  const { pactFromHar } = await pactWriter
  const fileName = harFileName(found.session).replace(/\.har$/, '.pact.json')
  return c.json(pactFromHar(found.har, names.data), 200, {
    ...DOWNLOAD_HEADERS,
    'content-disposition': `attachment; filename="${fileName}"`,
  })
}
