import type { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { answerProblem, SERVER_PROBLEMS } from './problem.js'

/** Where the admin API lives: out of the API's document, under a prefix no API path takes. */
export const ADMIN_PREFIX = '/__mock'

/** A 400 problem naming the admin request's field at `pointer`. */
export const invalid = (c: Context, pointer: string, message: string) =>
  answerProblem(c, SERVER_PROBLEMS.invalidAdminRequest(pointer, message))

/** A query that failed its schema: a 400 naming the parameter (an unknown key has its name in `keys`). */
export const invalidQuery = (c: Context, error: z.ZodError) => {
  const issue = error.issues[0]
  const key = issue?.code === 'unrecognized_keys' ? issue.keys[0] : issue?.path[0]
  return invalid(c, `/query/${String(key ?? '')}`, issue?.message ?? 'invalid')
}
