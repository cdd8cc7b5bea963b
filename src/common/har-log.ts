import { z } from '@hono/zod-openapi'
import { tooDeepAt } from './too-deep-at.js'

// The one reader of HAR 1.2 files (a browser's DevTools export, the mock's `requests.har`, a proxy
// recording's): the mock reads one into a scenario, the contract replays one against a target,
// `worker-api-kit pact` writes one as a Pact file. It reads what those need and checks their
// types; it knows nothing of the API (which entries are its operations is the reader's business).

/** Most entries read; a browser's HAR of a long session holds a few thousand. */
const MAX_HAR_ENTRIES = 100_000
/** Deepest a HAR nests (DevTools' `_initiator` stacks nest); deeper, it is refused unread. */
const MAX_HAR_DEPTH = 64

const HarLog = z.object({
  log: z.object({
    pages: z.array(z.unknown()).optional(),
    entries: z.array(z.unknown()).max(MAX_HAR_ENTRIES, `at most ${MAX_HAR_ENTRIES} entries`),
  }),
})

const NameValue = z.object({ name: z.string(), value: z.string() })

/** A page as DevTools writes it; a page that is not of this shape is passed over. */
const HarPage = z.object({ id: z.string(), title: z.string().optional().catch(undefined) })

/** What an entry must have: HAR 1.2's fields read here, of their types; others pass. */
const HarEntry = z.object({
  pageref: z.string().optional().catch(undefined),
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.array(NameValue),
    postData: z.object({ mimeType: z.string().optional(), text: z.string().optional() }).optional(),
  }),
  response: z.object({
    status: z.number(),
    headers: z.array(NameValue).optional().catch(undefined),
    content: z.object({
      mimeType: z.string().optional().catch(undefined),
      text: z.string().optional(),
      encoding: z.string().optional(),
    }),
  }),
  // The mock's journal marks (journal-har.ts); read leniently, absent in other tools' files.
  _prefer: z.string().nullable().optional().catch(undefined),
  _rules: z.array(z.unknown()).optional().catch(undefined),
  _source: z.string().optional().catch(undefined),
  _masked: z.array(z.string()).optional().catch(undefined),
})
type HarEntry = z.infer<typeof HarEntry>

/** A HAR file that cannot be read: the place in it (`log.entries[3].request.url`) and what is wrong. */
export class HarError extends Error {
  constructor(
    readonly place: string,
    readonly reason: string,
  ) {
    super(`${place}: ${reason}`)
    this.name = 'HarError'
  }
}

/** One entry of a HAR file, read: its request and its answer as text, and the journal's marks. */
export type HarExchange = {
  /** Its index in `log.entries`. */
  readonly index: number
  /** The title (else the id) of the page it belongs to, when the file has pages. */
  readonly page: string | undefined
  readonly method: string
  readonly url: URL
  /** The request's headers, names in lowercase (the last of a repeated name). */
  readonly headers: Readonly<Record<string, string>>
  readonly requestText: string | undefined
  readonly status: number
  readonly responseHeaders: Readonly<Record<string, string>>
  readonly responseText: string | undefined
  /**
   * What shaped the answer, when the journal says (a `Prefer` override, a rule, the proxy's own
   * problem) or the request asked for it (a `Prefer` header): the answer is not the API's choice.
   */
  readonly shapedBy: string | undefined
  /** The places the journal masked (`/headers/authorization`, `/body/apiKey`). */
  readonly masked: readonly string[]
  /** The entry as the file has it, for readers of more of it (its credentials). */
  readonly raw: unknown
}

/** A place in the file as a reader of HAR names it: `log.entries[3].response.content`. */
const placeOf = (path: readonly PropertyKey[]) =>
  path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('')

const refuse = (path: readonly PropertyKey[], message: string): never => {
  throw new HarError(placeOf(path), message)
}

const firstIssue = (at: readonly PropertyKey[], error: z.ZodError): never => {
  const issue = error.issues[0]
  return refuse([...at, ...(issue?.path ?? [])], issue?.message ?? 'not a HAR entry')
}

/** A response's content as text: base64 decoded (DevTools writes binary answers so). */
const contentText = (at: readonly PropertyKey[], entry: HarEntry) => {
  const { text, encoding } = entry.response.content
  if (text === undefined || encoding === undefined || encoding === '') return text
  if (encoding.toLowerCase() !== 'base64')
    return refuse([...at, 'response', 'content', 'encoding'], 'only "base64" is known')
  try {
    const binary = atob(text)
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
  } catch {
    return refuse([...at, 'response', 'content', 'text'], 'not base64')
  }
}

const headerRecord = (pairs: readonly { name: string; value: string }[] | undefined) =>
  Object.fromEntries((pairs ?? []).map(({ name, value }) => [name.toLowerCase(), value]))

const shapedByOf = (entry: HarEntry, headers: Readonly<Record<string, string>>) => {
  if (entry._prefer) return `shaped by Prefer: ${entry._prefer}`
  if (headers['prefer'] !== undefined) return `shaped by Prefer: ${headers['prefer']}`
  if (entry._rules !== undefined && entry._rules.length > 0) return 'shaped by a rule of the mock'
  if (entry._source === 'proxy') return "the proxy's own answer"
  return undefined
}

/** Page ids to what a reader calls them (the title, else the id). */
const pagesOf = (pages: readonly unknown[] | undefined) => {
  const named = new Map<string, string>()
  for (const item of pages ?? []) {
    const page = HarPage.safeParse(item)
    if (page.success) named.set(page.data.id, page.data.title || page.data.id)
  }
  return named
}

/**
 * Every entry of a HAR file, read in the file's order; a file that is no HAR (or one nested
 * deeper than any tool writes) throws a HarError naming the place.
 */
export const readHar = (raw: unknown): HarExchange[] => {
  const deep = tooDeepAt(raw, MAX_HAR_DEPTH)
  if (deep) refuse(deep, `nested deeper than ${MAX_HAR_DEPTH} levels`)
  const log = HarLog.safeParse(raw)
  if (!log.success) return firstIssue([], log.error)
  const pages = pagesOf(log.data.log.pages)
  return log.data.log.entries.map((item, index) => {
    const at = ['log', 'entries', index]
    const parsed = HarEntry.safeParse(item)
    const entry = parsed.success ? parsed.data : firstIssue(at, parsed.error)
    let url: URL
    try {
      url = new URL(entry.request.url)
    } catch {
      return refuse([...at, 'request', 'url'], 'not an absolute URL')
    }
    const headers = headerRecord(entry.request.headers)
    return {
      index,
      page: entry.pageref === undefined ? undefined : (pages.get(entry.pageref) ?? entry.pageref),
      method: entry.request.method.toUpperCase(),
      url,
      headers,
      requestText: entry.request.postData?.text,
      status: entry.response.status,
      responseHeaders: headerRecord(entry.response.headers),
      responseText: contentText(at, entry),
      shapedBy: shapedByOf(entry, headers),
      masked: entry._masked ?? [],
      raw: item,
    }
  })
}

/** The API path in a URL, also under a prefix (`https://staging.example/api/v1/workers`). */
export const apiPathOf = (url: URL) => {
  const at = url.pathname.indexOf('/v1/')
  return at <= 0 ? url.pathname : url.pathname.slice(at)
}

/**
 * The origin of the API in a file: the one most of the operations' exchanges went to (the first
 * of them on a tie). A page that also sent a `/v1/workers` to another host (a CDN, an analytics
 * endpoint, a second backend) is not taken for the API.
 */
export const apiOriginOf = (origins: Iterable<string>): string | undefined => {
  const counts = new Map<string, number>()
  for (const origin of origins) counts.set(origin, (counts.get(origin) ?? 0) + 1)
  let best: string | undefined
  for (const [origin, count] of counts)
    if (best === undefined || count > (counts.get(best) ?? 0)) best = origin
  return best
}
