import { z } from '@hono/zod-openapi'
import { Problem } from '../schemas/problem.js'
import { RetryAfter, WwwAuthenticate } from '../schemas/response-headers.js'

export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

/** A JSON request body that must be present (without `required`, a missing body skips validation). */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
})

/** A JSON success response. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})

/** What each error status of the mock means. The spec shows no errors (spec §7): ours. */
const PROBLEM_DESCRIPTIONS = {
  400: 'Invalid request: malformed JSON, or fields breaking the constraints (`errors[].pointer` names each one).',
  401: 'Missing or malformed bearer token (only when the mock runs with `--auth` or the `auth-required` scenario).',
  404: 'No such resource, or no such route.',
  413: 'Request body larger than the mock accepts.',
  415: 'Request body is not JSON (application/json or another +json type).',
  429: 'Too many requests (only under a scenario with a rate limit); `Retry-After` says when to retry.',
} as const
export type ProblemStatus = keyof typeof PROBLEM_DESCRIPTIONS

const PROBLEM_CONTENT = { [PROBLEM_CONTENT_TYPE]: { schema: Problem } } as const

const describe = (status: ProblemStatus) =>
  `${PROBLEM_DESCRIPTIONS[status]} Error format of worker-api-kit (RFC 9457); the real service's format is not specified.`

/** An error response. */
const problem = (status: ProblemStatus) => ({
  description: describe(status),
  content: PROBLEM_CONTENT,
})

/** An error response with headers that say what to do next. */
const problemWith = <H extends z.ZodObject>(status: ProblemStatus, headers: H) => ({
  description: describe(status),
  headers,
  content: PROBLEM_CONTENT,
})

/**
 * Every error response, declared once with its headers: a route's answers (and the mock's
 * handlers' answers, typed from the route) read each status's headers here.
 */
const PROBLEM_RESPONSES = {
  400: problem(400),
  401: problemWith(401, z.object({ 'www-authenticate': WwwAuthenticate })), // RFC 9110 §15.5.2: a 401 carries one
  404: problem(404),
  413: problem(413),
  415: problem(415),
  429: problemWith(429, z.object({ 'retry-after': RetryAfter })), // RFC 6585 §4
} as const satisfies Record<ProblemStatus, unknown>

/** Error responses, all `application/problem+json`. */
export const problems = <S extends ProblemStatus>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, PROBLEM_RESPONSES[status]])) as {
    readonly [K in S]: (typeof PROBLEM_RESPONSES)[K]
  }
