import type { HonoRequest } from 'hono'
import type { OperationId } from '../api/operations.js'
import { isSecretParameter, redactText } from '../secrets/index.js'
import type { Journal, JournalEntry, JournalRecord } from './journal.js'
import { journalRequestBody, journalRequestText, journalResponse } from './journal-bodies.js'
import type { JournalCopy } from './journal-copy.js'
import {
  journalHeaders,
  journalHeaderValue,
  requestCredentials,
  requestHeaderPairs,
} from './journal-headers.js'
import type { JournalSecrets } from './journal-secrets.js'
import { maskedPath } from './masked-path.js'
import { maskedPlaces } from './masked-places.js'
import type { ServerEnv } from './server-env.js'

/**
 * One exchange as a server of ours saw it, to journal: the request (in its context), the answer,
 * and only what differs between the servers: who masks what, what the server holds already (the
 * request's text a stage read, the answer's text the proxy read), and its own notes.
 */
export type Exchange = {
  /** The request as Hono holds it (`c.req`): its text, when read, is in its cache. */
  readonly req: HonoRequest
  /** The request's env (`c.env`): on a node server, the socket's raw header pairs. */
  readonly env: ServerEnv['Bindings'] | undefined
  /** `performance.now()` when the request came in. */
  readonly startedAt: number
  /** When the request came in, as an ISO 8601 time. */
  readonly at: string
  readonly session: string
  readonly operationId: OperationId | null
  readonly response: Response
  /**
   * Masks the request's and the answer's texts, and learns from them. Told first the credentials
   * the request carries (its credential headers, its secret query parameters), when it takes
   * values (`learnValues`).
   */
  readonly secrets: JournalSecrets
  /** The request's body as a stage read it; unread, the journal reads it (bounded, never past a refusal). */
  readonly requestText?: string | undefined
  /** The answer's text, when the server holds it (the proxy's target's answer, read whole). */
  readonly answerText?: string | undefined
  /** The journal's copy of the answer its writer made (an operation's own, journal-copy.ts). */
  readonly copy?: JournalCopy | undefined
  /** A `truncate` fault streams the answer: the journal must not read it. */
  readonly isStreamed?: boolean
  readonly rules?: JournalRecord['rules']
  readonly prefer?: string | null | undefined
  readonly violations?: JournalEntry['violations']
  readonly source?: JournalEntry['source']
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
 * Journals one exchange in one call, for the mock and the proxy alike: its path and query masked
 * before its body teaches the masker anything (what a body teaches is not masked in its own
 * path), then its headers and body, the masked places, and the answer. Recorded at once when the
 * texts are at hand, else once they are read: the caller awaits only a promise it is given.
 */
export const recordExchange = (journal: Journal, exchange: Exchange): undefined | Promise<void> => {
  const { req, secrets, response } = exchange
  const url = req.url
  // Pairs afresh each time: off a node server they are an iterator of the request's headers.
  const pairs = () => requestHeaderPairs(req.raw, exchange.env)
  if (secrets.learnValues) {
    const fromHeaders = requestCredentials(pairs())
    const fromQuery = queryCredentials(url)
    const credentials = fromQuery.length === 0 ? fromHeaders : [...fromHeaders, ...fromQuery]
    if (credentials.length > 0) secrets.learnValues(credentials)
  }
  const queryAt = url.indexOf('?')
  // A JWT in a path segment, a password in a query: credentials by their shape or name.
  secrets.learn(queryAt === -1 ? req.path : `${req.path}${url.slice(queryAt)}`)
  const path = maskedPath(req.path, secrets.mask)
  const query = queryAt === -1 ? '' : secrets.mask(redactText(url.slice(queryAt)))
  const { status } = response
  const durationMs = Math.round((performance.now() - exchange.startedAt) * 10) / 10
  const text = exchange.requestText
  const requestBody =
    text === undefined
      ? journalRequestBody(req, status, secrets)
      : journalRequestText(text, secrets)
  const record = (body: unknown) => {
    // After the body: the masker knows the key the body carried.
    const masker = secrets.masksNothing?.() ? undefined : secrets.mask
    const headers = journalHeaders(pairs(), masker)
    const answer = journalResponse(response, {
      isStreamed: exchange.isStreamed === true,
      secrets,
      text: exchange.answerText,
      copy: exchange.copy,
    })
    const entry = (kept: JournalEntry['response']): undefined => {
      journal.record({
        at: exchange.at,
        session: exchange.session,
        operationId: exchange.operationId,
        method: req.method,
        path,
        query,
        status,
        durationMs,
        request: {
          contentType: journalHeaderValue(req.header('content-type'), masker),
          authorization: req.header('authorization') ?? null,
          body,
          headers,
          masked: maskedPlaces(pairs(), headers, text, body),
        },
        response: kept,
        rules: exchange.rules,
        prefer: exchange.prefer ?? null,
        ...(exchange.violations === undefined ? {} : { violations: exchange.violations }),
        ...(exchange.source === undefined ? {} : { source: exchange.source }),
      })
      return undefined
    }
    return answer instanceof Promise ? answer.then(entry) : entry(answer)
  }
  return requestBody instanceof Promise ? requestBody.then(record) : record(requestBody)
}
