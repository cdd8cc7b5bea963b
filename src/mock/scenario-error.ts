import type { z } from '@hono/zod-openapi'

/** A scenario that cannot be used: where it came from, and each problem with its JSON pointer. */
export class ScenarioError extends Error {
  override readonly name = 'ScenarioError'
  readonly code = 'E_SCENARIO'
  constructor(
    readonly source: string,
    readonly problems: readonly { pointer: string; message: string }[],
  ) {
    super(
      `[worker-api-kit] scenario ${source} is invalid: ${problems.map((p) => `${p.pointer || '/'}: ${p.message}`).join('; ')}`,
    )
  }
}

const pointerOf = (path: readonly PropertyKey[]) =>
  path.map((t) => `/${String(t).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')

export const scenarioErrorOf = (source: string, error: z.ZodError) =>
  new ScenarioError(
    source,
    error.issues.map((issue) => ({ pointer: pointerOf(issue.path), message: issue.message })),
  )
