import type { Context } from 'hono'
import type { OperationId } from '../api/operations.js'
import { rememberAnswerText } from '../common/answer-text.js'
import { writeWithJournalCopy } from './journal-copy.js'
import type { ServerEnv } from './server-env.js'

// The API's answers carry their headers as a plain record, written by one writer (`answer`).
// Hono keeps headers set before the answer (`c.header`: CORS's `vary: Origin`, on every request)
// in a web Headers object and copies it into each answer, which @hono/node-server then copies out
// again; a plain record is written as it is. The writer also keeps the text each answer was
// written from, which the journal reads instead of the answer. The admin API, the docs and the
// proxy keep Hono's way (`answerHeaders` unset).

/** Whether a path's answers take their headers from the request's plain record (`/v1/*`). */
export const isApiPath = (path: string) => path === '/v1' || path.startsWith('/v1/')

/**
 * The request's context with the variables both servers keep (`ServerEnv`). Both are built as
 * `Hono<ServerEnv>`, so every context this file is given is one; the writers take a plain `Context`
 * because Hono's is invariant in its env, and a route's narrower context would not be accepted.
 * The one cast of this file.
 */
const serverContext = (c: Context): Context<ServerEnv> => c as Context<ServerEnv>

/** The plain record of the request's answer headers, or undefined (Hono's own headers then). */
const recordOf = (c: Context): Record<string, string> | undefined =>
  serverContext(c).get('answerHeaders')

/** Starts the request's plain record of answer headers: every answer to it will carry them. */
export const useAnswerHeaders = (c: Context) => serverContext(c).set('answerHeaders', {})

/** Sets a header every answer to this request carries (CORS, `connection: close`). */
export const setAnswerHeader = (c: Context, name: string, value: string) => {
  const record = recordOf(c)
  if (record) record[name] = value
  else c.header(name, value)
}

/**
 * `names.sort()` in place for the few names an answer has (two to six): an insertion sort compares
 * code units as `sort` does, without the work array V8's `sort` allocates on every call (~0.8 KB
 * per answer, measured with the sampling heap profiler).
 */
const sortFew = (names: string[]) => {
  for (let i = 1; i < names.length; i++) {
    const name = names[i] ?? ''
    let j = i - 1
    for (; j >= 0 && (names[j] ?? '') > name; j--) names[j + 1] = names[j] ?? ''
    names[j + 1] = name
  }
}

/**
 * The request's answer headers and this answer's own (which win), in the order a web Headers
 * object gives them (by name), so the wire stays the same: one object, no merged copy to sort.
 */
const sortedHeaders = (
  record: Record<string, string>,
  headers: Record<string, string>,
): Record<string, string> => {
  const names = Object.keys(record)
  for (const name in headers) if (!Object.hasOwn(record, name)) names.push(name)
  sortFew(names)
  const out: Record<string, string> = {}
  for (const name of names)
    out[name] = (Object.hasOwn(headers, name) ? headers[name] : record[name]) ?? ''
  return out
}

/** What an answer was written from: its text, and the journal's copy of it when its writer made one. */
export type WrittenAnswer = {
  readonly text: string | null
  /** The text with its secret fields masked, made by the writer (journal-copy.ts). */
  readonly journalText?: string | undefined
}

/**
 * What each API answer was written from, held by the answer itself (weakly: an answer no one holds
 * is forgotten). The journal reads it from the answer it is given, so no stage hands it on through
 * the request's context, and no answer is ever journalled with another's text.
 */
const writtenAnswers = new WeakMap<Response, WrittenAnswer>()

/** What `answer` wrote this answer from, when `answer` wrote it. */
export const writtenOf = (res: Response): WrittenAnswer | undefined => writtenAnswers.get(res)

/**
 * An answer with this text (or none), status and headers, after the request's answer headers; the
 * text is kept for the journal (`writtenOf`), which then need not read the answer again, with the
 * journal's copy of it when the writer made one (`journalText`).
 */
export const answer = (
  c: Context,
  text: string | null,
  status: number,
  headers: Record<string, string> = {},
  journalText?: string,
): Response => {
  const record = recordOf(c)
  if (!record) {
    const init = { status: status as 200, headers }
    return text === null ? c.body(null, init) : c.body(text, init)
  }
  const res = new Response(text, { status, headers: sortedHeaders(record, headers) })
  // Read back as text in-process (the judge); an answer on a node socket goes to node alone.
  if (text !== null && serverContext(c).env?.incoming === undefined) rememberAnswerText(res, text)
  writtenAnswers.set(res, { text, journalText })
  return res
}

/**
 * A JSON answer (`content-type: application/json` unless `headers` names another). An operation's
 * answer (`operationId` given) is written with the journal's copy beside it (journal-copy.ts).
 */
export const answerJson = (
  c: Context,
  value: unknown,
  status: number,
  headers: Record<string, string> = {},
  operationId?: OperationId,
): Response => {
  const allHeaders = { 'content-type': 'application/json', ...headers }
  const written =
    operationId && recordOf(c) ? writeWithJournalCopy(operationId, status, value) : undefined
  return written
    ? answer(c, written.text, status, allHeaders, written.journalText)
    : answer(c, JSON.stringify(value), status, allHeaders)
}
