import { matchOperation } from '../api/match-operation.js'
import { apiOriginOf, apiPathOf, HarError, type HarExchange, readHar } from '../common/har-log.js'
import { createSecretBook } from '../secrets/index.js'
import { harCredentials } from './har-credentials.js'
import { createRecording } from './recording.js'
import type { ScenarioInput } from './scenario.js'
import { ScenarioError } from './scenario-error.js'

// A HAR file (a browser's DevTools export, or `GET /__mock/requests.har`) read into a scenario:
// the exchanges of the API's three operations go through the same recording a proxy builds, so
// the organization, the provider (never its key) and the workers the answers showed are what the
// mock starts with. Every other request of the file (pages, scripts, other hosts) is passed over.

const parsedJson = (text: string | undefined): unknown => {
  if (text === undefined || text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined // an answer that is not JSON shows nothing to record
  }
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
 * The scenario a HAR file shows, as a recording of its exchanges of the three operations (every
 * other entry passed over). Secrets never reach it: the credentials its requests carried and the
 * values under secret names of their bodies are masked in every text recorded, and the provider's
 * key is never recorded at all (only that one was set, and the last four characters an answer
 * showed). A file that is no HAR fails with a ScenarioError naming the place (`log.entries[3]`).
 */
export const scenarioFromHar = (raw: unknown, source: string): ScenarioInput => {
  let entries: HarExchange[]
  try {
    entries = readHar(raw)
  } catch (error) {
    if (!(error instanceof HarError)) throw error
    throw new ScenarioError(source, [{ pointer: error.place, message: error.reason }])
  }
  const exchanges: Exchange[] = []
  const secrets = new Set<string>()
  for (const entry of entries) {
    // Every entry's, the API's or not, its request's and its answer's: a token sent elsewhere or
    // answered by a login may come back in an API answer.
    for (const secret of harCredentials(entry.raw, entry.url)) secrets.add(secret)
    const matched = matchOperation(entry.method, apiPathOf(entry.url))
    if (!matched) continue
    exchanges.push({
      origin: entry.url.origin,
      matched,
      status: entry.status,
      requestJson: parsedJson(entry.requestText),
      responseJson: parsedJson(entry.responseText),
    })
  }

  const api = apiOriginOf(exchanges.map((exchange) => exchange.origin))
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
