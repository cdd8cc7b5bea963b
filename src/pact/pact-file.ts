import { type MatchedOperation, matchOperation } from '../api/match-operation.js'
import { apiOriginOf, apiPathOf, type HarExchange, readHar } from '../common/har-log.js'
import {
  createSecretBook,
  credentialsOfHeader,
  isSecretHeader,
  isSecretParameter,
  maskedStrings,
  REDACTED,
  redactJson,
  secretsOfText,
} from '../secrets/index.js'
import { expectedBody, type MatchingRules } from './expected-body.js'

// A recording (a HAR: the mock's journal, a DevTools export) as a Pact specification v4 file: one
// interaction per distinct request of the API, what the spec promises of its answer as matchers,
// ids as provider states, no secret. docs/replay.md#a-pact-file-for-a-pact-broker.

export type PactOptions = {
  /** The consumer's name in the file. Default `worker-api-app`. */
  readonly consumer?: string | undefined
  /** The provider's name in the file. Default `worker-api`. */
  readonly provider?: string | undefined
}

type Body = { readonly content: unknown; readonly contentType: string; readonly encoded: false }

/** An interaction of Pact v4's `Synchronous/HTTP` kind, as this writer fills it. */
type PactInteraction = {
  readonly type: 'Synchronous/HTTP'
  readonly description: string
  readonly pending: false
  readonly providerStates?: readonly { name: string; params: Record<string, string> }[]
  readonly request: {
    readonly method: string
    readonly path: string
    readonly query?: Record<string, string[]>
    readonly headers?: Record<string, string[]>
    readonly body?: Body
    readonly generators?: Record<string, unknown>
  }
  readonly response: {
    readonly status: number
    readonly headers?: Record<string, string[]>
    readonly body?: Body
    readonly matchingRules: {
      readonly status: { readonly matchers: readonly unknown[] }
      readonly header?: MatchingRules
      readonly body?: MatchingRules
    }
  }
}

export type PactFile = {
  readonly consumer: { readonly name: string }
  readonly provider: { readonly name: string }
  readonly interactions: readonly PactInteraction[]
  readonly metadata: Record<string, unknown>
}

/** Pact's name for the class of a status (its `statusCode` matcher). */
const STATUS_CLASS: Readonly<Record<number, string>> = {
  1: 'information',
  2: 'success',
  3: 'redirect',
  4: 'clientError',
  5: 'serverError',
}

const JSON_CONTENT_TYPE = '(?i)^application/json(;.*)?$'
/** Characters a value the recording masked is sent as: generated afresh by the verifier. */
const GENERATED_SECRET_SIZE = 24

/** `application/json; charset=utf-8` of a Content-Type, its other parameters left out. */
const mediaTypeOf = (header: string | undefined) => {
  if (header === undefined) return undefined
  const [type = '', ...params] = header.split(';').map((part) => part.trim())
  const charset = params.find((param) => /^charset=/i.test(param))
  return charset === undefined ? type : `${type}; ${charset}`
}

const parsed = (text: string | undefined): unknown => {
  if (text === undefined || text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The places of a JSON value whose string holds the mask, as Pact's paths (`$.apiKey`). */
const maskedPaths = (value: unknown, at = '$', depth = 0): string[] => {
  if (typeof value === 'string') return value.includes(REDACTED) ? [at] : []
  if (typeof value !== 'object' || value === null || depth > 32) return []
  return Object.entries(value).flatMap(([key, item]) =>
    maskedPaths(item, Array.isArray(value) ? `${at}[${key}]` : `${at}['${key}']`, depth + 1),
  )
}

/** The provider state a request's ids need, and its path with the ids the state handler returns. */
const statesOf = (matched: MatchedOperation, isSuccess: boolean) => {
  if (!isSuccess || matched.operationId === 'createWorker') return {}
  const params = matched.params
  const expression = matched.entry.path.replace(/\{(\w+)\}/g, (_, name: string) => `\${${name}}`)
  const name =
    matched.operationId === 'updateWorker'
      ? 'a worker exists'
      : 'an organization with an LLM provider'
  return {
    providerStates: [{ name, params }],
    generators: { path: { type: 'ProviderState', expression, dataType: 'STRING' } },
  }
}

/** Every secret the file shows, of any host and any entry: masked wherever it appears. */
const maskOf = (entries: readonly HarExchange[]) => {
  const book = createSecretBook()
  for (const entry of entries) {
    const found = new Set<string>()
    for (const [name, value] of Object.entries(entry.headers))
      if (isSecretHeader(name))
        for (const v of [value, ...credentialsOfHeader(name, value)]) found.add(v)
    secretsOfText(entry.requestText ?? '', '', found)
    secretsOfText(entry.responseText ?? '', '', found)
    secretsOfText(entry.url.href, '', found)
    book.learn(found)
  }
  return book.mask
}

const interactionOf = (
  entry: HarExchange,
  matched: MatchedOperation,
  mask: (text: string) => string,
): PactInteraction => {
  const isSuccess = entry.status >= 200 && entry.status < 300
  const requestJson = parsed(entry.requestText)
  const requestContent =
    requestJson === undefined
      ? mask(entry.requestText ?? '')
      : maskedStrings(redactJson(requestJson), mask)
  const secretPaths = maskedPaths(requestContent)
  // The media type and its charset: a parameter that carries anything else is none of the API's.
  const contentType = mediaTypeOf(entry.headers['content-type'])
  // A credential of the query is the provider's to ask for, never the recording's to hand on.
  const byName = new Map<string, string[]>()
  for (const [name, value] of entry.url.searchParams)
    if (!isSecretParameter(name) && mask(value) === value)
      byName.set(name, [...(byName.get(name) ?? []), value])
  const query = Object.fromEntries(byName)
  const { providerStates, generators } = statesOf(matched, isSuccess)
  const bodyGenerators = Object.fromEntries(
    secretPaths.map((path) => [path, { type: 'RandomString', size: GENERATED_SECRET_SIZE }]),
  )
  const answered = maskedStrings(redactJson(parsed(entry.responseText)), mask)
  const expected =
    isSuccess && answered !== undefined
      ? expectedBody(matched.operationId, answered, requestContent)
      : undefined
  const path = apiPathOf(entry.url)
  return {
    type: 'Synchronous/HTTP',
    description: `#${entry.index} ${matched.operationId}: ${entry.method} ${mask(path)} → ${entry.status}`,
    pending: false,
    ...(providerStates ? { providerStates } : {}),
    request: {
      method: entry.method,
      path: mask(path),
      ...(Object.keys(query).length > 0 ? { query } : {}),
      ...(contentType === undefined ? {} : { headers: { 'Content-Type': [contentType] } }),
      ...(entry.requestText === undefined || entry.requestText === ''
        ? {}
        : {
            body: {
              content: requestContent,
              contentType: contentType ?? 'application/json',
              encoded: false,
            },
          }),
      ...(generators || secretPaths.length > 0
        ? {
            generators: {
              ...generators,
              ...(secretPaths.length > 0 ? { body: bodyGenerators } : {}),
            },
          }
        : {}),
    },
    response: {
      status: entry.status,
      ...(expected
        ? {
            headers: { 'Content-Type': ['application/json'] },
            body: { content: expected.content, contentType: 'application/json', encoded: false },
          }
        : {}),
      matchingRules: {
        status: {
          matchers: [
            {
              match: 'statusCode',
              status: STATUS_CLASS[Math.floor(entry.status / 100)] ?? 'nonError',
            },
          ],
        },
        ...(expected
          ? {
              header: {
                'Content-Type': {
                  combine: 'AND',
                  matchers: [{ match: 'regex', regex: JSON_CONTENT_TYPE }],
                },
              },
              body: expected.rules,
            }
          : {}),
      },
    },
  }
}

/**
 * The Pact file of a HAR: an interaction per distinct request of the API (method, path, body), in
 * the file's order. Exchanges whose answer the mock shaped (a rule, `Prefer`) are left out: their
 * answer is not the API's. Throws a HarError when the file is no HAR.
 */
export const pactFromHar = (raw: unknown, options: PactOptions = {}): PactFile => {
  const entries = readHar(raw)
  const calls = entries.flatMap((entry) => {
    const matched = matchOperation(entry.method, apiPathOf(entry.url))
    return matched ? [{ entry, matched }] : []
  })
  const origin = apiOriginOf(calls.map(({ entry }) => entry.url.origin))
  const mask = maskOf(entries)
  const seen = new Set<string>()
  const interactions: PactInteraction[] = []
  let shaped = 0
  for (const { entry, matched } of calls) {
    // Another host's, or a request the browser cut off (status 0): no answer of the API's.
    if (entry.url.origin !== origin || entry.status < 100) continue
    if (entry.shapedBy !== undefined) {
      shaped++
      continue
    }
    const interaction = interactionOf(entry, matched, mask)
    const key = JSON.stringify([
      interaction.request.method,
      interaction.request.path,
      interaction.request.query,
      interaction.request.body?.content,
    ])
    if (seen.has(key)) continue
    seen.add(key)
    interactions.push(interaction)
  }
  return {
    consumer: { name: options.consumer ?? 'worker-api-app' },
    provider: { name: options.provider ?? 'worker-api' },
    interactions,
    metadata: {
      pactSpecification: { version: '4.0' },
      'worker-api-kit': {
        version: '1',
        ...(shaped > 0
          ? { leftOut: `${shaped} exchanges whose answer a rule or Prefer shaped` }
          : {}),
      },
    },
  }
}
