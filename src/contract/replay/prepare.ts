import { isSecretName, isSecretParameter, REDACTED } from '../../secrets/index.js'
import { PROVISIONING_DESTINATIONS } from '../case-values.js'
import { parseJson } from '../parse-json.js'
import { isSuccess } from '../status-class.js'
import type { CarriedIds } from './carried-ids.js'
import type { RecordedExchange } from './recording.js'

/** What a replay sends for one recorded exchange, or why it sends nothing. */
export type Prepared =
  | {
      readonly kind: 'send'
      /** The path and query below the base URL, encoded, ids carried. */
      readonly path: string
      readonly headers: Readonly<Record<string, string>>
      readonly body: string | undefined
    }
  | { readonly kind: 'skip'; readonly reason: string }

export type PrepareOptions = {
  readonly ids: CarriedIds
  /** Values for the places the recording masked, by JSON pointer into the body (`/apiKey`). */
  readonly maskedValues: Readonly<Record<string, string>>
  readonly allowCloud: boolean
  /** Whether another create may still be sent (`--max-creates`). */
  readonly mayCreate: () => boolean
  readonly maxCreates: number
  /** Recorded worker ids whose create was not sent, with why: what names them is not sent either. */
  readonly unsent: ReadonlyMap<string, string>
  /** Whether a text holds a secret the recording shows (a token, a key): never sent as recorded. */
  readonly holdsRecordedSecret: (value: string) => boolean
}

const skip = (reason: string): Prepared => ({ kind: 'skip', reason })

/** A pointer's segments, unescaped (RFC 6901). */
const segmentsOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))

/**
 * The JSON pointers of every place of a body that holds a secret the replay must not send as
 * recorded: a string with the mask (`[REDACTED]`), a value under a secret's name (`apiKey`, a
 * DevTools HAR keeps the real one), a string that holds a credential the recording shows (a token,
 * a key inside a config text).
 */
const secretPlaces = (
  value: unknown,
  holdsRecordedSecret: (text: string) => boolean,
  at = '',
  depth = 0,
): string[] => {
  if (typeof value === 'string')
    return value.includes(REDACTED) || holdsRecordedSecret(value) ? [at] : []
  if (typeof value !== 'object' || value === null || depth > 32) return []
  return Object.entries(value).flatMap(([key, item]) => {
    const place = `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`
    const isNamedSecret =
      !Array.isArray(value) && isSecretName(key) && item !== null && typeof item !== 'boolean'
    return isNamedSecret ? [place] : secretPlaces(item, holdsRecordedSecret, place, depth + 1)
  })
}

/**
 * A query without the credentials the recording shows (`?access_token=…`, `?sig=…`, a value the
 * file shows is a secret): a replay's credentials come from -H, never from the recording.
 */
const withoutCredentials = (query: string, options: PrepareOptions) => {
  if (query === '' || query === '?') return query
  const params = new URLSearchParams(query)
  const kept = [...params].filter(
    ([name, value]) => !isSecretParameter(name) && !options.holdsRecordedSecret(value),
  )
  if (kept.length === [...params].length) return query
  return kept.length === 0 ? '' : `?${new URLSearchParams(kept)}`
}

/** Sets the value at `pointer` inside `json` (a copy), when every step of it is there. */
const withValueAt = (json: unknown, pointer: string, value: string): unknown => {
  const copy: unknown = structuredClone(json)
  const segments = segmentsOf(pointer)
  const last = segments.pop()
  let at: unknown = copy
  for (const segment of segments)
    at = typeof at === 'object' && at !== null ? Reflect.get(at, segment) : undefined
  if (last !== undefined && typeof at === 'object' && at !== null) Reflect.set(at, last, value)
  return copy
}

/** The worker a recorded create was answered with, or undefined. */
export const recordedWorkerId = (exchange: RecordedExchange): string | undefined => {
  const worker: unknown =
    typeof exchange.answerJson === 'object' && exchange.answerJson !== null
      ? Reflect.get(exchange.answerJson, 'worker')
      : undefined
  const id: unknown =
    typeof worker === 'object' && worker !== null ? Reflect.get(worker, 'id') : undefined
  return typeof id === 'string' ? id : undefined
}

/** The path of the exchange with its ids carried, or why it cannot be sent. */
const carriedPath = (exchange: RecordedExchange, options: PrepareOptions): Prepared | string => {
  const { matched } = exchange
  const params: Record<string, string> = {}
  for (const [name, value] of Object.entries(matched.params)) {
    const unsentBecause = options.unsent.get(value)
    if (unsentBecause !== undefined) return skip(`names ${value}, not created: ${unsentBecause}`)
    const carried = options.ids.get(value)
    // An id the app got wrong (the mock did not know it either) is sent as it was: it stays wrong.
    if (carried === undefined && isSuccess(exchange.status))
      return skip(
        matched.operationId === 'updateLlmProvider'
          ? `names ${matched.params['orgId']}/${matched.params['llmProviderId']}: pass --org-id and --llm-provider-id of the target's`
          : `names ${value}, which the recording did not create (the mock had it: a seed or a fixture); pass --id-map ${value}=ID of one on the target`,
      )
    params[name] = carried ?? value
  }
  const query = withoutCredentials(options.ids.carry(exchange.query, encodeURIComponent), options)
  if (query.includes(encodeURIComponent(REDACTED)) || query.includes(REDACTED))
    return skip('its query holds a value the recording masked')
  return `${matched.entry.pathFor(params)}${query}`
}

/** The body to send, ids carried and the masked places filled, or why it cannot be sent. */
const carriedBody = (
  exchange: RecordedExchange,
  options: PrepareOptions,
): { body: string | undefined; json: unknown } | Prepared => {
  const text = exchange.requestText
  if (text === undefined || text === '') return { body: text, json: undefined }
  const parsed = parseJson(text)
  if (parsed.kind !== 'json')
    return text.includes(REDACTED)
      ? skip('its body (not JSON) holds a value the recording masked')
      : { body: options.ids.carry(text), json: undefined }
  const journalled = exchange.masked
    .filter((pointer) => pointer.startsWith('/body/'))
    .map((pointer) => pointer.slice('/body'.length))
  const places = [
    ...new Set([...journalled, ...secretPlaces(parsed.value, options.holdsRecordedSecret)]),
  ]
  const carried = options.ids.carry(text)
  if (places.length === 0) return { body: carried, json: parsed.value }
  let filled: unknown = JSON.parse(carried)
  for (const place of places) {
    const value = options.maskedValues[place]
    if (value === undefined)
      return skip(
        `its body holds a secret at ${place} (masked in the recording, or one it shows, never sent again): pass --masked-value ${place}=env:VAR to send a value`,
      )
    filled = withValueAt(filled, place, value)
  }
  return { body: JSON.stringify(filled), json: filled }
}

/** A create the options hold back, and why (a cloud worker, the create budget), if they do. */
const heldBack = (json: unknown, options: PrepareOptions): string | undefined => {
  const destination: unknown =
    typeof json === 'object' && json !== null ? Reflect.get(json, 'destination') : undefined
  if (!options.allowCloud && PROVISIONING_DESTINATIONS.includes(String(destination)))
    return `${String(destination)} workers may provision machines: pass --allow-cloud`
  if (!options.mayCreate())
    return `--max-creates ${options.maxCreates} reached: pass a higher --max-creates`
  return undefined
}

/**
 * What to send for one recorded exchange: its path and body with the recorded ids carried to the
 * target's, the masked places filled from `--masked-value`, its media type as recorded (never its
 * credentials: those come from -H); or why it is skipped.
 */
export const prepare = (exchange: RecordedExchange, options: PrepareOptions): Prepared => {
  const path = carriedPath(exchange, options)
  if (typeof path !== 'string') return path
  const body = carriedBody(exchange, options)
  if ('kind' in body) return body
  if (exchange.matched.operationId === 'createWorker') {
    const held = heldBack(body.json, options)
    if (held !== undefined) return skip(held)
  }
  const { contentType } = exchange
  const headers = contentType === undefined ? {} : { 'content-type': contentType }
  return { kind: 'send', path, headers, body: body.body }
}
