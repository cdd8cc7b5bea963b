import type { Context } from 'hono'
import { isSecretParameter, redactText } from '../../secrets/index.js'
import {
  type Journal,
  type JournalEntry,
  journalHeaders,
  journalRequestBody,
  journalRequestText,
  journalResponse,
  maskedPlaces,
  requestCredentials,
  requestHeaderPairs,
  type WrittenAnswer,
} from '../../server/index.js'
import type { MockEnv } from '../env.js'
import { isoTime } from '../internal/iso-time.js'
import { replaySecrets, SECRETS_HEADER } from '../replay-secrets.js'
import { createRequestSecrets } from '../request-secrets.js'
import type { AppliedRule } from '../rules.js'

/** How a request was answered: the answer, whether a fault streams it, the rules that applied. */
export type Answered = {
  readonly response: Response
  /** A `truncate` fault streams the answer: the journal must not read it. */
  readonly isStreamed: boolean
  readonly rules: readonly AppliedRule[]
  /** The `Prefer` override that shaped the answer (`code=429`), when one did. */
  readonly prefer?: string | undefined
  /** What `response` was written from, with `c.json` (a value) or `c.body` (a text). */
  readonly written?: WrittenAnswer | undefined
  /** The `--passthrough` backend answered, not the mock. */
  readonly isPassedThrough?: boolean
}

const NONE: readonly string[] = Object.freeze([])

/**
 * The values of a request's secret query parameters (`?api_key=…`, `?access_token=…`): credentials
 * of the request, as its credential headers are, masked wherever an answer echoes them.
 */
const queryCredentials = (url: string): readonly string[] => {
  if (!url.includes('?')) return NONE
  const found: string[] = []
  for (const [name, value] of new URL(url).searchParams)
    if (value !== '' && isSecretParameter(name)) found.push(value)
  return found
}

/**
 * Every API request in the journal, including those a rule or a check answered. Recorded at once
 * when the request's text and the answer are at hand (the API's answers on a node server), else
 * once they are read: the caller awaits only a promise it is given.
 */
export const recordExchange = (journal: Journal) => {
  const secretsOf = createRequestSecrets()
  return (
    c: Context<MockEnv>,
    answered: Answered,
    startedAt: number,
  ): undefined | Promise<void> => {
    const url = c.req.url
    const authorization = c.req.header('authorization')
    const fromHeaders = requestCredentials(requestHeaderPairs(c.req.raw, c.env))
    const fromQuery = queryCredentials(url)
    const credentials = fromQuery.length === 0 ? fromHeaders : [...fromHeaders, ...fromQuery]
    const secrets = secretsOf(c.get('session'), credentials)
    const queryAt = url.indexOf('?')
    const book = c.get('session').secrets
    // A JWT in a path segment, a password in a query: credentials by their shape or name.
    book.learnText(queryAt === -1 ? c.req.path : `${c.req.path}${url.slice(queryAt)}`)
    // What a dashboard replay was typed: a secret wherever it stands.
    const replayed = c.req.header(SECRETS_HEADER)
    if (replayed !== undefined)
      book.learn(replaySecrets(replayed, c.req.raw.headers, c.get('requestText')))
    // What a backend's answer sets (a login's cookie, a token header) is masked where it comes back.
    if (answered.isPassedThrough) book.learnHeaders(answered.response.headers)
    const { status } = answered.response
    // Before the body: what the body teaches the masker is not masked in its own path and query.
    const path = secrets.mask(c.req.path)
    const query = queryAt === -1 ? '' : secrets.mask(redactText(url.slice(queryAt)))
    const durationMs = Math.round((performance.now() - startedAt) * 10) / 10
    // The text the handlers read is Hono's cached one: no need to wait for it again.
    const text = c.req.bodyCache.text === undefined ? undefined : c.get('requestText')
    const requestBody =
      text === undefined
        ? journalRequestBody(c.req, status, secrets)
        : journalRequestText(text, secrets)
    const record = (body: unknown) => {
      // After the body: the masker knows the key the body carried.
      const masker = secrets.masksNothing?.() ? undefined : secrets.mask
      const headers = journalHeaders(requestHeaderPairs(c.req.raw, c.env), masker)
      const response = journalResponse(answered.response, {
        isStreamed: answered.isStreamed,
        secrets,
        ...(answered.written ? { written: answered.written } : {}),
      })
      const entry = (answer: JournalEntry['response']): undefined => {
        journal.record({
          at: isoTime(c.get('now')),
          session: c.get('session').id,
          operationId: c.get('operation')?.operationId ?? null,
          method: c.req.method,
          path,
          query,
          status,
          durationMs,
          request: {
            contentType: c.req.header('content-type') ?? null,
            authorization: authorization ?? null,
            body,
            headers,
            masked: maskedPlaces(requestHeaderPairs(c.req.raw, c.env), headers, text, body),
          },
          response: answer,
          rules: answered.rules,
          prefer: answered.prefer ?? null,
          ...(answered.isPassedThrough ? { source: 'passthrough' } : {}),
        })
        return undefined
      }
      return response instanceof Promise ? response.then(entry) : entry(response)
    }
    return requestBody instanceof Promise ? requestBody.then(record) : record(requestBody)
  }
}
