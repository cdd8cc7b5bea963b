import { z } from '@hono/zod-openapi'
import { matchOperation } from '../api/match-operation.js'
import { tooDeepAt } from '../common/too-deep-at.js'
import { createSecretBook } from '../secrets/index.js'
import { harCredentials } from './har-credentials.js'
import { createRecording } from './recording.js'
import type { ScenarioInput } from './scenario.js'
import { ScenarioError } from './scenario-error.js'

// A HAR file (a browser's DevTools export, or `GET /__mock/requests.har`) read into a scenario:
// the exchanges of the API's three operations go through the same recording a proxy builds, so
// the organization, the provider (never its key) and the workers the answers showed are what the
// mock starts with. Every other request of the file (pages, scripts, other hosts) is passed over.

/** Most entries read; a browser's HAR of a long session holds a few thousand. */
const MAX_HAR_ENTRIES = 100_000
/** Deepest a HAR nests (DevTools' `_initiator` stacks nest); deeper, it is refused unread. */
const MAX_HAR_DEPTH = 64
const HarLog = z.object({
  log: z.object({
    entries: z.array(z.unknown()).max(MAX_HAR_ENTRIES, `at most ${MAX_HAR_ENTRIES} entries`),
  }),
})

const NameValue = z.object({ name: z.string(), value: z.string() })

/** What an entry must have: HAR 1.2's fields this reader reads, of their types; others pass. */
const HarEntry = z.object({
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.array(NameValue),
    postData: z.object({ text: z.string().optional() }).optional(),
  }),
  response: z.object({
    status: z.number(),
    content: z.object({
      text: z.string().optional(),
      encoding: z.string().optional(),
    }),
  }),
})
type HarEntry = z.infer<typeof HarEntry>

/** A place in the file as a reader of HAR names it: `log.entries[3].response.content`. */
const placeOf = (path: readonly PropertyKey[]) =>
  path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('')

const refuse = (source: string, path: readonly PropertyKey[], message: string): never => {
  throw new ScenarioError(source, [{ pointer: placeOf(path), message }])
}

const firstIssue = (source: string, at: readonly PropertyKey[], error: z.ZodError): never => {
  const issue = error.issues[0]
  return refuse(source, [...at, ...(issue?.path ?? [])], issue?.message ?? 'not a HAR entry')
}

const parsedJson = (text: string | undefined): unknown => {
  if (text === undefined || text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined // an answer that is not JSON shows nothing to record
  }
}

/** A response's content as text: base64 decoded (DevTools writes binary answers so). */
const contentText = (source: string, at: readonly PropertyKey[], entry: HarEntry) => {
  const { text, encoding } = entry.response.content
  if (text === undefined || encoding === undefined || encoding === '') return text
  if (encoding.toLowerCase() !== 'base64')
    return refuse(source, [...at, 'response', 'content', 'encoding'], 'only "base64" is known')
  try {
    const binary = atob(text)
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
  } catch {
    return refuse(source, [...at, 'response', 'content', 'text'], 'not base64')
  }
}

/** The API path in a URL, also under a prefix (`https://staging.example/api/v1/workers`). */
const apiPathOf = (url: URL) => {
  const at = url.pathname.indexOf('/v1/')
  return at <= 0 ? url.pathname : url.pathname.slice(at)
}

/** One exchange of the API's operations, its texts not yet masked. */
type Exchange = {
  /** The origin it was sent to: the file's API is the origin most of them were. */
  readonly origin: string
  readonly matched: NonNullable<ReturnType<typeof matchOperation>>
  readonly status: number
  readonly requestJson: unknown
  readonly responseJson: unknown
}

/**
 * The origin of the API in a file: the one most of the operations' exchanges went to (the first
 * of them on a tie). A page that also sent a `/v1/workers` to another host (a CDN, an analytics
 * endpoint, a second backend) does not add that host's answers to the scenario.
 */
const apiOriginOf = (exchanges: readonly Exchange[]): string | undefined => {
  const counts = new Map<string, number>()
  for (const { origin } of exchanges) counts.set(origin, (counts.get(origin) ?? 0) + 1)
  let best: string | undefined
  for (const [origin, count] of counts)
    if (best === undefined || count > (counts.get(best) ?? 0)) best = origin
  return best
}

/**
 * The scenario a HAR file shows, as a recording of its exchanges of the three operations (every
 * other entry passed over). Secrets never reach it: the credentials its requests carried and the
 * values under secret names of their bodies are masked in every text recorded, and the provider's
 * key is never recorded at all (only that one was set, and the last four characters an answer
 * showed). A file that is no HAR fails with a ScenarioError naming the place (`log.entries[3]`).
 */
export const scenarioFromHar = (raw: unknown, source: string): ScenarioInput => {
  const deep = tooDeepAt(raw, MAX_HAR_DEPTH)
  if (deep) refuse(source, deep, `nested deeper than ${MAX_HAR_DEPTH} levels`)
  const log = HarLog.safeParse(raw)
  if (!log.success) return firstIssue(source, [], log.error)
  const exchanges: Exchange[] = []
  const secrets = new Set<string>()
  for (const [index, item] of log.data.log.entries.entries()) {
    const at = ['log', 'entries', index]
    const parsed = HarEntry.safeParse(item)
    const entry = parsed.success ? parsed.data : firstIssue(source, at, parsed.error)
    let url: URL
    try {
      url = new URL(entry.request.url)
    } catch {
      return refuse(source, [...at, 'request', 'url'], 'not an absolute URL')
    }
    // Every entry's, the API's or not, its request's and its answer's: a token sent elsewhere or
    // answered by a login may come back in an API answer.
    for (const secret of harCredentials(item, url)) secrets.add(secret)
    const matched = matchOperation(entry.request.method.toUpperCase(), apiPathOf(url))
    if (!matched) continue
    const requestJson = parsedJson(entry.request.postData?.text)
    const responseJson = parsedJson(contentText(source, at, entry))
    exchanges.push({
      origin: url.origin,
      matched,
      status: entry.response.status,
      requestJson,
      responseJson,
    })
  }

  const api = apiOriginOf(exchanges)
  const book = createSecretBook()
  book.learn(secrets)
  const mask = book.mask
  const recording = createRecording(source, undefined, `Read by worker-api-kit from ${source}`)
  for (const exchange of exchanges) {
    if (exchange.origin !== api) continue // the same paths on another host: not the API's
    recording.observe({
      matched: exchange.matched,
      status: exchange.status,
      requestJson: exchange.requestJson,
      responseJson: exchange.responseJson,
      mask,
    })
  }
  return recording.scenario()
}
