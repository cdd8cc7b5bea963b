import type { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { OPERATION_TABLE } from '../api/operation-table.js'
import type { ProblemError } from '../schemas/problem.js'
import { TARGET_ROOT, toPointer, type ValidationTarget } from './internal/to-pointer.js'
import { PROBLEMS, problemResponse } from './problem.js'

type HookResult = { target: string } & (
  | { success: true }
  | { success: false; error: { issues: readonly z.core.$ZodIssue[] } }
)

const isTarget = (target: string): target is ValidationTarget => target in TARGET_ROOT

/** Every Zod issue as `{ pointer, message }`: all broken fields, not just the first. */
export const toProblemErrors = (
  target: string,
  issues: readonly z.core.$ZodIssue[],
): ProblemError[] =>
  issues.map((issue) => ({
    pointer: isTarget(target) ? toPointer(target, issue.path) : `/${target}`,
    message: issue.message,
  }))

/** The JSON body if the request declares one and it parses, else undefined (never throws). */
const readJsonBody = async (c: Context): Promise<unknown> => {
  if (!/^application\/([\w.-]+\+)?json/i.test(c.req.header('content-type') ?? '')) return undefined
  try {
    return await c.req.json()
  } catch {
    return undefined
  }
}

/** Each operation's body schema by Hono route path (`PATCH /v1/workers/:id`). */
const BODY_SCHEMAS = new Map<string, z.ZodType>(
  OPERATION_TABLE.map((entry) => [`${entry.method} ${entry.routingPath}`, entry.bodySchema]),
)

/**
 * The one validation hook (`defaultHook`): a failed target becomes a 400 problem listing every
 * issue. Path parameters are checked before the body, so when they fail the body is checked too
 * and its issues join the same answer.
 */
export const validationHook = (result: HookResult, c: Context) =>
  result.success ? undefined : answerInvalid(result, c)

const answerInvalid = async (result: HookResult & { success: false }, c: Context) => {
  const bodySchema = BODY_SCHEMAS.get(`${c.req.method} ${c.req.routePath}`)
  const errors = toProblemErrors(result.target, result.error.issues)
  if (result.target === 'param' && bodySchema) {
    const body = await readJsonBody(c)
    const checked = body === undefined ? undefined : bodySchema.safeParse(body)
    if (checked && !checked.success) errors.push(...toProblemErrors('json', checked.error.issues))
  }
  return problemResponse(c, 400, PROBLEMS.validation(errors))
}
