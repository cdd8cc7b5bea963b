import type { Context } from 'hono'
import type { OperationId } from '../api/operations.js'
import { rememberAnswerText } from '../common/answer-text.js'
import { type JournalCopy, writeWithJournalCopy } from './journal-copy.js'
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

/**
 * An answer with this text (or none), status and headers, after the request's answer headers.
 * In-process its text is noted for a reader in this process (the judge, the journal) to take
 * instead of reading the answer's stream; on a node socket node keeps it (lightweight-body.ts).
 */
export const answer = (
  c: Context,
  text: string | null,
  status: number,
  headers: Record<string, string> = {},
): Response => {
  const record = recordOf(c)
  if (!record) {
    const init = { status: status as 200, headers }
    return text === null ? c.body(null, init) : c.body(text, init)
  }
  const res = new Response(text, { status, headers: sortedHeaders(record, headers) })
  // Read back as text in-process (the judge); an answer on a node socket goes to node alone.
  if (text !== null && serverContext(c).env?.incoming === undefined) rememberAnswerText(res, text)
  return res
}

/**
 * An operation's JSON answer, with the journal's copy of it beside it (its secret fields masked,
 * journal-copy.ts) when its writer makes one: the caller hands the copy on to the journal with the
 * answer, so the journal neither parses nor scans the answer's text.
 */
export const answerOperationJson = (
  c: Context,
  operationId: OperationId,
  value: unknown,
  status: number,
  headers: Record<string, string> = {},
): { readonly response: Response; readonly copy?: JournalCopy } => {
  const allHeaders = { 'content-type': 'application/json', ...headers }
  const copy = recordOf(c) ? writeWithJournalCopy(operationId, status, value) : undefined
  return copy
    ? { response: answer(c, copy.text, status, allHeaders), copy }
    : { response: answer(c, JSON.stringify(value), status, allHeaders) }
}
