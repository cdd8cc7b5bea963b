import type { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { withoutLoneSurrogates } from '../../common/lone-surrogate.js'
import { isJsonMediaType, isJsonRequestType } from '../../common/media-type.js'
import { answerProblem, bodyText, SERVER_PROBLEMS } from '../../server/index.js'
import type { MockEnv } from '../env.js'
import { toProblemErrors } from '../internal/problem-errors.js'
import { MOCK_PROBLEMS } from '../problems.js'

/** An operation's request schemas: its path parameters' and its JSON body's. */
export type RequestSchemas<P extends z.ZodType, B extends z.ZodType> = {
  readonly params: P
  readonly body: B
}

/** The request's input, parsed by its operation's schemas, or the 400/415 that refuses it. */
type Validated<P extends z.ZodType, B extends z.ZodType> =
  | { readonly input: { readonly params: z.output<P>; readonly body: z.output<B> } }
  | { readonly refusal: Response }

/** Whether a request sent without a content type still carries a body (then it is a 415). */
const hasBody = async (c: Context<MockEnv>) =>
  c.req.raw.body !== null && (await c.req.arrayBuffer()).byteLength > 0

/**
 * The body parsed as JSON (throws when it is not). Read as text first: Hono keeps the text, and the
 * journal keeps it as sent instead of writing the parsed value out again.
 */
const parseJsonBody = async (c: Context<MockEnv>): Promise<unknown> => {
  const text = await bodyText(c.req)
  c.set('requestText', text)
  const json: unknown = JSON.parse(text)
  return SURROGATE_ESCAPE.test(text) ? storedAsUtf8(json) : json
}

/** A surrogate written as a JSON escape: only then may the parsed strings hold a lone one. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/

/**
 * The body's strings as a UTF-8 store keeps them: a lone surrogate (JSON allows the escape, but it
 * is no text, RFC 8259 §8.2) becomes U+FFFD, so no answer, journal entry or state of the mock ever
 * holds one. assumption: see docs/limits.md#assumptions
 */
const storedAsUtf8 = (value: unknown, depth = 0): unknown => {
  if (typeof value === 'string') return withoutLoneSurrogates(value)
  // The API's bodies nest two levels (an object of arrays of strings); deeper is refused anyway.
  if (depth >= MAX_BODY_DEPTH) return value
  if (Array.isArray(value)) return value.map((item) => storedAsUtf8(item, depth + 1))
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, storedAsUtf8(item, depth + 1)]),
    )
  return value
}
const MAX_BODY_DEPTH = 4

/** The JSON body if the request declares one and it parses, else undefined (never throws). */
const jsonBodyIfAny = async (c: Context<MockEnv>): Promise<unknown> => {
  if (!isJsonMediaType(c.req.header('content-type'))) return undefined
  try {
    return await parseJsonBody(c)
  } catch {
    return undefined
  }
}

/**
 * Path parameters, then the content type, then the body, each against the matched operation's
 * schemas: one step, every broken field in one 400. When the parameters fail, the body is
 * checked too and its issues join the same answer.
 */
export const validateRequest = async <P extends z.ZodType, B extends z.ZodType>(
  c: Context<MockEnv>,
  schemas: RequestSchemas<P, B>,
  rawParams: Readonly<Record<string, string>>,
): Promise<Validated<P, B>> => {
  const params = schemas.params.safeParse(rawParams)
  if (!params.success) {
    const errors = toProblemErrors('param', params.error.issues)
    const body = await jsonBodyIfAny(c)
    const bodyChecked = body === undefined ? undefined : schemas.body.safeParse(body)
    if (bodyChecked && !bodyChecked.success)
      errors.push(...toProblemErrors('json', bodyChecked.error.issues))
    return { refusal: answerProblem(c, MOCK_PROBLEMS.validation(errors)) }
  }
  const contentType = c.req.header('content-type')
  if (contentType ? !isJsonRequestType(contentType) : await hasBody(c)) {
    return { refusal: answerProblem(c, SERVER_PROBLEMS.unsupportedMediaType(contentType)) }
  }
  // Without a content type there is no body here: it validates as `{}` (every field missing).
  let body: unknown = {}
  if (contentType) {
    try {
      body = await parseJsonBody(c)
    } catch {
      return { refusal: answerProblem(c, SERVER_PROBLEMS.malformedJson()) }
    }
  }
  const checked = schemas.body.safeParse(body)
  if (!checked.success) {
    const errors = toProblemErrors('json', checked.error.issues)
    return { refusal: answerProblem(c, MOCK_PROBLEMS.validation(errors)) }
  }
  return { input: { params: params.data, body: checked.data } }
}
