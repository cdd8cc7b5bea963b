import type { Context } from 'hono'
import { PROBLEM_CONTENT_TYPE, type ProblemStatus } from '../api/content.js'
import type { Problem, ProblemError } from '../schemas/problem.js'

/** The kinds of problem the mock reports; each has a stable `type` URI and title. */
export const PROBLEM_KINDS = {
  validation: { status: 400, title: 'Request validation failed' },
  'malformed-json': { status: 400, title: 'Malformed JSON' },
  'not-found': { status: 404, title: 'Not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  'payload-too-large': { status: 413, title: 'Payload too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  scenario: { status: 503, title: 'Scenario error' },
  'internal-error': { status: 500, title: 'Internal error' },
} as const satisfies Record<string, { status: number; title: string }>
export type ProblemKind = keyof typeof PROBLEM_KINDS

export const problemType = (kind: ProblemKind) => `urn:worker-api-kit:problem:${kind}`

/** A problem body of this kind. */
export const buildProblem = (
  kind: ProblemKind,
  detail: string,
  errors?: ProblemError[],
  instance?: string,
): Problem => ({
  type: problemType(kind),
  title: PROBLEM_KINDS[kind].title,
  status: PROBLEM_KINDS[kind].status,
  detail,
  ...(instance === undefined ? {} : { instance }),
  ...(errors === undefined ? {} : { errors }),
})

type KindWithStatus<S extends number> = {
  [K in ProblemKind]: (typeof PROBLEM_KINDS)[K]['status'] extends S ? K : never
}[ProblemKind]

/**
 * The only place that writes `application/problem+json` (RFC 9457 §3) for a route's declared
 * error status: typed by the route, so an undeclared status does not compile.
 */
export const problemResponse = <S extends ProblemStatus>(
  c: Context,
  status: S,
  kind: KindWithStatus<S>,
  detail: string,
  errors?: ProblemError[],
) =>
  c.json(buildProblem(kind, detail, errors, c.req.path), status, {
    'content-type': PROBLEM_CONTENT_TYPE,
  })

/** The same, for answers outside any route (not found, method not allowed, errors). */
export const problemResponseOf = (
  c: Context,
  problem: Problem,
  headers: Record<string, string> = {},
) =>
  new Response(JSON.stringify({ ...problem, instance: c.req.path }), {
    status: problem.status,
    headers: { ...headers, 'content-type': PROBLEM_CONTENT_TYPE },
  })
