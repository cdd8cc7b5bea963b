import type { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { jsonPointer } from '../common/json-pointer.js'
import { tooDeepAt } from '../common/too-deep-at.js'
import { invalid } from '../server/index.js'
import { MAX_SCENARIO_DEPTH } from './scenario-file-bounds.js'

/** A body that parsed, or the 400 problem that names where it did not. */
export type AdminBody<T> = { ok: true; data: T } | { ok: false; problem: Response }

/** Where a Zod issue points in the body: an unknown field by its own name (`/body/colour`). */
const pointerOf = (issue: z.core.$ZodIssue | undefined) => {
  const path = issue?.path ?? []
  const unknown = issue?.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : []
  return `/body${jsonPointer([...path, ...unknown])}`
}

/**
 * An admin request's JSON body, parsed by `schema`: malformed JSON or a broken field is a 400
 * problem naming the field (`/body/name`), never a throw.
 */
export const readAdminBody = async <S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<AdminBody<z.output<S>>> => {
  let raw: unknown
  try {
    raw = await c.req.json()
  } catch {
    return { ok: false, problem: invalid(c, '/body', 'Malformed JSON') }
  }
  const deep = tooDeepAt(raw, MAX_SCENARIO_DEPTH)
  if (deep)
    return {
      ok: false,
      problem: invalid(
        c,
        `/body${jsonPointer(deep)}`,
        `nested deeper than ${MAX_SCENARIO_DEPTH} levels`,
      ),
    }
  const parsed = schema.safeParse(raw)
  if (parsed.success) return { ok: true, data: parsed.data }
  const issue = parsed.error.issues[0]
  return { ok: false, problem: invalid(c, pointerOf(issue), issue?.message ?? 'invalid') }
}
