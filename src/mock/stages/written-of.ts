import type { Context } from 'hono'
import type { MockEnv } from '../env.js'

/** An answer and what it was written from: a value (`c.json`) or a text (`c.body`). */
export type Written = { res?: Response; json?: unknown; text?: string | undefined }

/**
 * What the answer was written from with `c.json` (a value) or `c.body` (a text), kept for the
 * journal: in-process (`app.request`, MSW) the answer is a native Response, whose body costs a
 * clone and a stream to read again (it doubled the CPU of an in-process create, and the clones
 * were kept: ~4.6 KB a request).
 */
export const writtenOf = (c: Context<MockEnv>): Written => {
  const kept: Written = {}
  const json = c.json as unknown as (...args: unknown[]) => Response
  const body = c.body as unknown as (...args: unknown[]) => Response
  c.json = ((value: unknown, ...rest: unknown[]) => {
    const res = json(value, ...rest)
    Object.assign(kept, { res, json: value, text: undefined })
    return res
  }) as typeof c.json
  c.body = ((data: unknown, ...rest: unknown[]) => {
    const res = body(data, ...rest)
    Object.assign(kept, { res, json: undefined, text: typeof data === 'string' ? data : undefined })
    return res
  }) as typeof c.body
  return kept
}
