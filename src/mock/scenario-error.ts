import type { z } from '@hono/zod-openapi'
import { jsonPointer } from '../common/json-pointer.js'

/** A scenario that cannot be used: where it came from, and each problem with its JSON pointer. */
export class ScenarioError extends Error {
  override readonly name = 'ScenarioError'
  readonly code = 'E_SCENARIO'
  constructor(
    readonly source: string,
    readonly problems: readonly { pointer: string; message: string }[],
  ) {
    super(
      `[worker-api-kit] scenario ${source} is invalid: ${problems.map((p) => (p.pointer ? `${p.pointer}: ${p.message}` : p.message)).join('; ')}`,
    )
  }
}

export const scenarioErrorOf = (source: string, error: z.ZodError) =>
  new ScenarioError(
    source,
    error.issues.flatMap((issue) =>
      // An unknown key is reported on its parent by Zod: point at the key itself.
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({
            pointer: jsonPointer([...issue.path, key]),
            message: `Unknown key "${key}"`,
          }))
        : [{ pointer: jsonPointer(issue.path), message: issue.message }],
    ),
  )
