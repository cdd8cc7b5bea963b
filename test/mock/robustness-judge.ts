// How the hostile fuzz (robustness.test.ts) judges each answer: a 2xx that parses with the
// spec's and the mock's schemas, or a 4xx problem+json; never a 5xx.
import type { z } from '@hono/zod-openapi'
import { expect } from 'vitest'
import { OPERATION_TABLE } from '../../src/api/operation-table.js'
import {
  createWorker,
  type Operation,
  type OperationId,
  updateLlmProvider,
  updateWorker,
} from '../../src/api/operations.js'
import { isDashboardPath } from '../../src/mock/dashboard/dashboard-path.js'
import { MockLlmProviderEnvelope } from '../../src/schemas/llm-provider.js'
import { Problem } from '../../src/schemas/problem.js'
import { MockCreateWorkerResponse, MockWorkerEnvelope } from '../../src/schemas/worker.js'
import { cut, describeRequest, type HostileRequest } from './robustness-bodies.js'
import { SEED } from './robustness-cases.js'

const ORIGIN = 'http://mock.test'
const PROBLEM_JSON = 'application/problem+json'

/** The one 2xx status a route declares. */
const successStatusOf = (route: Operation) =>
  Number(Object.keys(route.responses).find((status) => status.startsWith('2')))

/** Each operation's success: the status its route declares, the spec's schema and the mock's. */
const SUCCESS = new Map<string, { status: number; spec: z.ZodType; mock: z.ZodType }>([
  [
    createWorker.operationId,
    {
      status: successStatusOf(createWorker),
      spec: createWorker.responses[201].content['application/json'].schema,
      mock: MockCreateWorkerResponse,
    },
  ],
  [
    updateWorker.operationId,
    {
      status: successStatusOf(updateWorker),
      spec: updateWorker.responses[200].content['application/json'].schema,
      mock: MockWorkerEnvelope,
    },
  ],
  [
    updateLlmProvider.operationId,
    {
      status: successStatusOf(updateLlmProvider),
      spec: updateLlmProvider.responses[200].content['application/json'].schema,
      mock: MockLlmProviderEnvelope,
    },
  ],
])

/** The operation a method and (raw) path name, case-insensitively on the method. */
const operationOf = (method: string, path: string): OperationId | undefined =>
  OPERATION_TABLE.find((r) => r.method === method.toUpperCase() && r.pattern.test(path))
    ?.operationId

export const toRequest = ({ method, path, headers, body }: HostileRequest) => {
  const sent = new Headers()
  for (const [name, value] of headers) sent.append(name, value)
  const canHaveBody = method !== 'GET' && method !== 'HEAD'
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers: sent,
    ...(canHaveBody && body ? { body: body.bytes } : {}),
  })
}

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/** Judges one answer; throws (through expect) with the request and the answer on any breach. */
export const judge = async (
  request: HostileRequest,
  res: Response,
  seen: Map<number, number>,
  onCreated: (workerId: string) => void,
) => {
  const text = await res.text()
  const { method } = request
  const path = new URL(`${ORIGIN}${request.path}`).pathname
  const where = `seed ${SEED}\n${describeRequest(request)}\n→ ${res.status} ${res.headers.get('content-type')} ${cut(text, 400)}`
  seen.set(res.status, (seen.get(res.status) ?? 0) + 1)
  const is2xx = res.status >= 200 && res.status < 300
  const is4xx = res.status >= 400 && res.status < 500
  expect(is2xx || is4xx, where).toBe(true)
  if (is4xx) {
    expect(res.headers.get('content-type'), where).toBe(PROBLEM_JSON)
    if (res.status === 405) expect(res.headers.get('allow'), where).toBeTruthy()
    if (method === 'HEAD') return
    const body = parseJson(text)
    expect(body.ok, where).toBe(true)
    const problem = Problem.safeParse(body.ok ? body.value : undefined)
    expect(problem.error?.issues, where).toBeUndefined()
    expect(problem.data?.status, where).toBe(res.status)
    return
  }
  if (method === 'OPTIONS' && res.status === 204) {
    expect(text, where).toBe('')
    return
  }
  // The dashboard's page and files (GET /__mock/) are the admin API's only answers not in JSON.
  if (isDashboardPath(path)) {
    expect(res.headers.get('content-type'), where).toMatch(/^text\/(?:html|javascript|css)\b/)
    return
  }
  expect(res.headers.get('content-type'), where).toMatch(/^application\/json\b/)
  if (method === 'HEAD') return
  const body = parseJson(text)
  expect(body.ok, where).toBe(true)
  if (!path.startsWith('/v1')) return
  const success = SUCCESS.get(operationOf(method, path) ?? '')
  expect(success, `${where}\na 2xx on a path that is no operation`).toBeDefined()
  if (success === undefined) return
  const value = body.ok ? body.value : undefined
  expect(res.status, where).toBe(success.status)
  expect(success.spec.safeParse(value).error?.issues, `${where}\nspec schema`).toBeUndefined()
  expect(success.mock.safeParse(value).error?.issues, `${where}\nmock schema`).toBeUndefined()
  const created = MockCreateWorkerResponse.safeParse(value)
  if (res.status === 201 && created.success) onCreated(created.data.worker.id)
}
