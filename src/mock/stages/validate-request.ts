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

/**
 * The request's input, parsed by its operation's schemas, or the 400/415 that refuses it; with the
 * body's text when it was read (the journal keeps it as sent, masked, instead of writing the parsed
 * value out again).
 */
type Validated<P extends z.ZodType, B extends z.ZodType> = (
  | { readonly input: { readonly params: z.output<P>; readonly body: z.output<B> } }
  | { readonly refusal: Response }
) & { readonly text?: string | undefined }

/** Whether a request sent without a content type still carries a body (then it is a 415). */
const hasBody = async (c: Context<MockEnv>) =>
  c.req.raw.body !== null && (await c.req.arrayBuffer()).byteLength > 0

/** A JSON body as read: its text (unless it broke mid-stream), and its value when it parses. */
type ReadBody =
  | { readonly text: string; readonly json: unknown }
  | { readonly text?: string | undefined; readonly malformed: true }

/** The body read as text (Hono keeps it) and parsed as JSON; never throws. */
const readJsonBody = async (c: Context<MockEnv>): Promise<ReadBody> => {
  let text: string | undefined
  try {
    text = await bodyText(c.req)
    const json: unknown = JSON.parse(text)
    return { text, json: SURROGATE_ESCAPE.test(text) ? storedAsUtf8(json) : json }
  } catch {
    return { text, malformed: true }
  }
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

/** The JSON body if the request declares one (`json` unset when it does not parse), else none. */
const jsonBodyIfAny = async (c: Context<MockEnv>): Promise<ReadBody | undefined> =>
  isJsonMediaType(c.req.header('content-type')) ? readJsonBody(c) : undefined

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
    const read = await jsonBodyIfAny(c)
    const bodyChecked = read && 'json' in read ? schemas.body.safeParse(read.json) : undefined
    if (bodyChecked && !bodyChecked.success)
      errors.push(...toProblemErrors('json', bodyChecked.error.issues))
    return { refusal: answerProblem(c, MOCK_PROBLEMS.validation(errors)), text: read?.text }
  }
  const contentType = c.req.header('content-type')
  if (contentType ? !isJsonRequestType(contentType) : await hasBody(c)) {
    return { refusal: answerProblem(c, SERVER_PROBLEMS.unsupportedMediaType(contentType)) }
  }
  // Without a content type there is no body here: it validates as `{}` (every field missing).
  const read = contentType ? await readJsonBody(c) : { text: undefined, json: {} }
  if (!('json' in read))
    return { refusal: answerProblem(c, SERVER_PROBLEMS.malformedJson()), text: read.text }
  const checked = schemas.body.safeParse(read.json)
  if (!checked.success) {
    const errors = toProblemErrors('json', checked.error.issues)
    return { refusal: answerProblem(c, MOCK_PROBLEMS.validation(errors)), text: read.text }
  }
  return { input: { params: params.data, body: checked.data }, text: read.text }
}
