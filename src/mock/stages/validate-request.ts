import type { Context } from 'hono'
import type { MatchedOperation } from '../../api/match-operation.js'
import { isJsonMediaType, isJsonRequestType } from '../../common/media-type.js'
import type { MockEnv } from '../env.js'
import { toProblemErrors } from '../internal/problem-errors.js'
import { PROBLEMS, problemResponse, problemResponseOf } from '../problem.js'

/** The request's input, validated by its operation's schemas, or the 400/415 that refuses it. */
export type Validated =
  | { readonly input: { readonly params: unknown; readonly body: unknown } }
  | { readonly refusal: Response }

/** Whether a request sent without a content type still carries a body (then it is a 415). */
const hasBody = async (c: Context<MockEnv>) =>
  c.req.raw.body !== null && (await c.req.arrayBuffer()).byteLength > 0

/**
 * The body parsed as JSON (throws when it is not). Read as text first: Hono keeps the text, and the
 * journal keeps it as sent instead of writing the parsed value out again.
 */
const parseJsonBody = async (c: Context<MockEnv>): Promise<unknown> =>
  JSON.parse(await c.req.text())

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
export const validateRequest = async (
  c: Context<MockEnv>,
  { entry, params: rawParams }: MatchedOperation,
): Promise<Validated> => {
  let params: unknown
  if (entry.paramsSchema) {
    const checked = entry.paramsSchema.safeParse(rawParams)
    if (!checked.success) {
      const errors = toProblemErrors('param', checked.error.issues)
      const body = await jsonBodyIfAny(c)
      const bodyChecked = body === undefined ? undefined : entry.bodySchema.safeParse(body)
      if (bodyChecked && !bodyChecked.success)
        errors.push(...toProblemErrors('json', bodyChecked.error.issues))
      return { refusal: problemResponse(c, 400, PROBLEMS.validation(errors)) }
    }
    params = checked.data
  }
  const contentType = c.req.header('content-type')
  if (contentType ? !isJsonRequestType(contentType) : await hasBody(c)) {
    return { refusal: problemResponseOf(c, PROBLEMS.unsupportedMediaType(contentType)) }
  }
  // Without a content type there is no body here: it validates as `{}` (every field missing).
  let body: unknown = {}
  if (contentType) {
    try {
      body = await parseJsonBody(c)
    } catch {
      return { refusal: problemResponseOf(c, PROBLEMS.malformedJson()) }
    }
  }
  const checked = entry.bodySchema.safeParse(body)
  if (!checked.success) {
    const errors = toProblemErrors('json', checked.error.issues)
    return { refusal: problemResponse(c, 400, PROBLEMS.validation(errors)) }
  }
  return { input: { params, body: checked.data } }
}
