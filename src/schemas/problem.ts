import { z } from 'zod'

/** One broken field: a JSON pointer into the request (`/body/name`, `/params/id`) and why. */
export const ProblemError = z
  .object({ pointer: z.string(), message: z.string() })
  .meta({ id: 'ProblemError' })
export type ProblemError = z.infer<typeof ProblemError>

/**
 * The mock's error body: RFC 9457 problem details plus `errors`.
 * The spec shows no error format (spec §7): this is our convention, judged only under `--strict`.
 */
export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.int().min(400).max(599),
    detail: z.string(),
    instance: z.string().optional(),
    errors: z.array(ProblemError).optional(),
  })
  .meta({ id: 'Problem' })
export type Problem = z.infer<typeof Problem>
