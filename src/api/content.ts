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

/** The headers the mock sends with an error status, where they say what to do next. */
const PROBLEM_HEADERS: Partial<Record<ProblemStatus, z.ZodObject>> = {
  401: z.object({ 'www-authenticate': WwwAuthenticate }), // RFC 9110 §15.5.2: a 401 carries one
  429: z.object({ 'retry-after': RetryAfter }), // RFC 6585 §4
}

const problem = (status: ProblemStatus) => {
  const headers = PROBLEM_HEADERS[status]
  return {
    description: `${PROBLEM_DESCRIPTIONS[status]} Error format of worker-api-kit (RFC 9457); the real service's format is not specified.`,
    ...(headers === undefined ? {} : { headers }),
    content: { [PROBLEM_CONTENT_TYPE]: { schema: Problem } },
  }
}

/** Error responses, all `application/problem+json`. */
export const problems = <S extends ProblemStatus>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, problem(status)])) as {
    [K in S]: ReturnType<typeof problem>
  }
