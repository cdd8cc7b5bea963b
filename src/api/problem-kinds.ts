import type { Problem, ProblemError } from '../schemas/problem.js'

/**
 * The kinds of problem the kit's servers answer, each with a stable `type` URI, a title and its
 * status: the vocabulary a client matches on, as HTTP's statuses are one table. Who words a
 * problem of a kind is its owner's business: the server layer its own (host, origin, size, admin),
 * the mock its own (src/mock/problems.ts), the proxy its own (src/proxy/proxy-problems.ts).
 */
export const PROBLEM_KINDS = {
  validation: { status: 400, title: 'Request validation failed' },
  'malformed-json': { status: 400, title: 'Malformed JSON' },
  'not-found': { status: 404, title: 'Not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  conflict: { status: 409, title: 'Conflict' },
  'payload-too-large': { status: 413, title: 'Payload too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  forbidden: { status: 403, title: 'Forbidden' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  scenario: { status: 503, title: 'Scenario error' },
  'internal-error': { status: 500, title: 'Internal error' },
  'bad-gateway': { status: 502, title: 'Bad gateway' },
  'gateway-timeout': { status: 504, title: 'Gateway timeout' },
  'loop-detected': { status: 508, title: 'Loop detected' },
  'proxy-busy': { status: 503, title: 'Proxy busy' },
} as const satisfies Record<string, { status: number; title: string }>
export type ProblemKind = keyof typeof PROBLEM_KINDS

/** Kinds only a backend's failure answers (the proxy's target, the mock's --passthrough); the mock's own stages never do. */
export const PROXY_PROBLEM_KINDS: readonly ProblemKind[] = [
  'bad-gateway',
  'gateway-timeout',
  'loop-detected',
  'proxy-busy',
]

export const problemType = (kind: ProblemKind) => `urn:worker-api-kit:problem:${kind}`

/** A problem of a kind: its status is the kind's, to the type (Prism's templates carry theirs so). */
export type ProblemOf<K extends ProblemKind> = Problem & {
  readonly status: (typeof PROBLEM_KINDS)[K]['status']
}

/** A problem body of this kind; its status comes from the kind, and its type says which. */
export const buildProblem = <K extends ProblemKind>(
  kind: K,
  detail: string,
  errors?: ProblemError[],
  instance?: string,
): ProblemOf<K> => ({
  type: problemType(kind),
  title: PROBLEM_KINDS[kind].title,
  status: PROBLEM_KINDS[kind].status,
  detail,
  ...(instance === undefined ? {} : { instance }),
  ...(errors === undefined ? {} : { errors }),
})
