import { type MatchedOperation, matchOperation } from '../../api/match-operation.js'
import {
  apiOriginOf,
  apiPathOf,
  HarError,
  type HarExchange,
  readHar,
} from '../../common/har-log.js'
import { ContractError } from '../contract-error.js'
import { parseJson } from '../parse-json.js'

/** One exchange of the API's operations in a recording, as the app sent it and was answered. */
export type RecordedExchange = {
  /** Its index among the file's entries (`log.entries[i]`). */
  readonly index: number
  readonly page: string | undefined
  readonly matched: MatchedOperation
  readonly method: string
  /** The URL as recorded (for the report). */
  readonly url: string
  readonly query: string
  readonly contentType: string | undefined
  readonly requestText: string | undefined
  readonly status: number
  /** The answer as JSON, when it was JSON. */
  readonly answerJson: unknown
  /** What shaped the recorded answer, when not the API's choice: it is no expectation then. */
  readonly shapedBy: string | undefined
  /** Where the recording masked the request (JSON pointers, `/body/apiKey`). */
  readonly masked: readonly string[]
  /** The entry as the file has it (its credentials are learnt for masking). */
  readonly raw: unknown
}

/** What the file held besides the API's exchanges: counted, never sent. */
export type LeftOut = {
  /** Entries sent to another origin than the API's, by origin. */
  readonly otherHosts: Readonly<Record<string, number>>
  /** Entries to the API's origin that call none of its operations (pages, scripts, `/__mock/…`). */
  readonly otherPaths: number
}

export type Recording = {
  /** The API's origin in the file (the one most of its operations' exchanges went to). */
  readonly origin: string | undefined
  readonly exchanges: readonly RecordedExchange[]
  readonly leftOut: LeftOut
  /** Every entry of the file, for learning the secrets it shows (any host's). */
  readonly entries: readonly HarExchange[]
}

/**
 * Answers that are no expectation of the API: none recorded (a request the browser cut off, status
 * 0), one about the caller (its credentials, its rate) or a fault of the server's. Their request is
 * replayed and judged by the spec; their answer is not held against the target's.
 */
const noExpectation = (status: number): string | undefined =>
  status < 100
    ? 'no answer was recorded'
    : [401, 403, 407, 429].includes(status)
      ? `the recorded ${status} was about the caller, not the request`
      : status >= 500
        ? `the recorded ${status} was a fault of the server's`
        : undefined

const jsonOf = (text: string | undefined): unknown => {
  if (text === undefined || text === '') return undefined
  const parsed = parseJson(text)
  return parsed.kind === 'json' ? parsed.value : undefined
}

/**
 * The API's exchanges of a HAR file in the file's order, and a count of what else it held. A file
 * that is no HAR is a usage error naming the place (`log.entries[3].request.url`).
 */
export const readRecording = (raw: unknown, file: string): Recording => {
  let entries: HarExchange[]
  try {
    entries = readHar(raw)
  } catch (error) {
    if (!(error instanceof HarError)) throw error
    throw new ContractError(
      `[worker-api-kit] --replay ${file}: ${error.place}: ${error.reason}; pass a HAR 1.2 file (DevTools' "Save all as HAR", or the mock's /__mock/requests.har).`,
      'E_USAGE',
    )
  }
  const calls = entries.flatMap((entry) => {
    const matched = matchOperation(entry.method, apiPathOf(entry.url))
    return matched ? [{ entry, matched }] : []
  })
  const origin = apiOriginOf(calls.map(({ entry }) => entry.url.origin))
  const otherHosts: Record<string, number> = {}
  let otherPaths = 0
  const exchanges: RecordedExchange[] = []
  const callOf = new Map(calls.map((call) => [call.entry, call.matched]))
  for (const entry of entries) {
    if (entry.url.origin !== origin) {
      otherHosts[entry.url.origin] = (otherHosts[entry.url.origin] ?? 0) + 1
      continue
    }
    const matched = callOf.get(entry)
    if (!matched) {
      otherPaths++
      continue
    }
    exchanges.push({
      index: entry.index,
      page: entry.page,
      matched,
      method: entry.method,
      url: entry.url.href,
      query: entry.url.search,
      contentType: entry.headers['content-type'],
      requestText: entry.requestText,
      status: entry.status,
      answerJson: jsonOf(entry.responseText),
      shapedBy: entry.shapedBy ?? noExpectation(entry.status),
      masked: entry.masked,
      raw: entry.raw,
    })
  }
  return { origin, exchanges, leftOut: { otherHosts, otherPaths }, entries }
}
