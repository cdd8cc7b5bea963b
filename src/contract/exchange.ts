import { secretsIn } from '../secrets/index.js'
import type { Case } from './cases.js'
import type { JsonFlaws } from './parse-json.js'

// The bottom of the contract suite: what one exchange is and what a check sees of it. It imports
// no check, no tally and no report, so the checks, the tally and the reports all build on it.

/** What the suite sent. Bodies are kept as the exact text sent. */
export type SentRequest = {
  readonly method: string
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string | undefined
}

/**
 * What came back, when anything did. `json` is set when the body parsed as JSON. Held only while
 * the checks judge it: the report keeps redacted excerpts, never whole bodies.
 */
export type ReceivedResponse = {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly text: string
  readonly json?: unknown
  readonly isJson: boolean
  /** Why a body that may be JSON was not parsed (nested deeper than the judge parses, not UTF-8). */
  readonly parseError?: string | undefined
  /** The body began with a UTF-8 byte order mark, read past (RFC 8259 §8.1: senders MUST NOT add one). */
  readonly hasByteOrderMark?: boolean | undefined
  /** Where the JSON parses but is not interoperable: a repeated name, a lone surrogate (RFC 8259). */
  readonly jsonFlaws?: JsonFlaws | undefined
}

/** A transport failure: the server did not give a complete, valid answer. */
export type TransportError = {
  /** `malformed`: bytes came back, but not valid HTTP (headers over the limit, not HTTP at all). */
  readonly kind: 'timeout' | 'network' | 'too-large' | 'truncated' | 'malformed'
  /** Before any answer (`connect`), or after the status and headers arrived (`body`). */
  readonly stage: 'connect' | 'body'
  readonly message: string
  /** The transport's error code, e.g. `ECONNREFUSED`, `UND_ERR_HEADERS_OVERFLOW`. */
  readonly code?: string | undefined
  /** A timeout the run's bound cut short (less than `--timeout` was left): not the server's fault. */
  readonly isCutByRunBound?: boolean | undefined
}

/** One request and its outcome. Never thrown: a misbehaving server is a finding. */
export type Exchange = {
  readonly request: SentRequest
  readonly response?: ReceivedResponse | undefined
  readonly error?: TransportError | undefined
  readonly durationMs: number
  readonly attempts: number
}

/** What a check sees: the case it judges, the exchange it produced, and the run's profile. */
export type CheckInput = {
  readonly case: Case
  readonly exchange: Exchange
  /** The exact text that was sent as the body. */
  readonly sentBody: string
  /** That text as JSON, parsed once for every check; undefined when it is not JSON. */
  readonly sentJson: unknown
  /** The path parameters that were used. */
  readonly params: Readonly<Record<string, string>>
  /** What earlier exchanges of the run established: identity across calls. */
  readonly earlier?: Earlier | undefined
}

/** What the run learned before this exchange, for checks that judge across calls. */
export type Earlier = {
  /** Worker ids that earlier creates answered, each with the body that created it. */
  readonly createdIds: ReadonlyMap<string, string>
  /**
   * The worker this rename renames, as the state model holds it (state-model.ts): its create's
   * answer, brought up to date by every call accepted since.
   */
  readonly renamedWorker?: unknown
  /**
   * The worker the run's first successful create answered. Known to a contract run only: its
   * requests carry one set of headers, so one caller; a proxy's traffic has many callers.
   */
  readonly firstCreatedWorker?: unknown
}

type SentBody = Pick<CheckInput, 'sentBody' | 'sentJson'>

/**
 * The sent text and its parse of each read-only body: the kept catalogue's and the kept generated
 * samples (frozen whole, kept-catalogue.ts and lazy-samples.ts) are the same objects on every run
 * of a seed, and writing and parsing them again (arrays at their 500-item bound) was a twentieth
 * of a run. A frozen parse is shared by those runs' checks.
 */
const sentOfFrozen = new WeakMap<object, SentBody>()

/** The object a body's text is kept under: its JSON value or, for raw text, the body itself. */
const keptKeyOf = (body: Case['body']): object | undefined => {
  const key = 'json' in body ? body.json : body
  return typeof key === 'object' && key !== null && Object.isFrozen(key) ? key : undefined
}

/** A parsed JSON value and everything in it made read-only. */
const frozenJson = (value: unknown): unknown => {
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) frozenJson(item)
    Object.freeze(value)
  }
  return value
}

/** The text a case sends as its body, and that text as JSON (undefined when it is not JSON). */
export const sentBodyOf = (body: Case['body']): SentBody => {
  const key = keptKeyOf(body)
  const found = key === undefined ? undefined : sentOfFrozen.get(key)
  if (found) return found
  const sentBody = 'json' in body ? JSON.stringify(body.json) : body.raw
  if (key === undefined) return { sentBody, sentJson: parsedJson(sentBody) }
  const sent = { sentBody, sentJson: frozenJson(parsedJson(sentBody)) }
  sentOfFrozen.set(key, sent)
  return sent
}

/** The secrets found in each read-only value by `secretsIn`, kept as `sentBodyOf` keeps texts. */
const secretsOfFrozen = new WeakMap<object, ReadonlySet<string>>()

/** `secretsIn(value)`, worked out once for a frozen value (a kept body, its shared parse). */
export const sentSecretsOf = (value: unknown): ReadonlySet<string> => {
  if (typeof value !== 'object' || value === null || !Object.isFrozen(value))
    return secretsIn(value)
  let found = secretsOfFrozen.get(value)
  if (!found) {
    found = secretsIn(value)
    secretsOfFrozen.set(value, found)
  }
  return found
}

/** A text as JSON, parsed whole; undefined when it is not JSON. */
export const parsedJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
