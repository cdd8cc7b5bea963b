import { z } from '@hono/zod-openapi'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  createMockApp,
  type MockApp,
  type MockAppOptions,
  type ScenarioInput,
} from '../../src/index.js'
import {
  type Known,
  type Request,
  refusalSteps,
  requestOf,
  type Step,
} from '../helpers/refusal-steps.js'

// Issue 30, item 2: the answers of a session follow from its seed and the requests it accepted.
// Two fresh mocks with the same seed: one is sent a random mix of accepted and refused requests,
// the other only those the first accepted; the accepted answers and the final state must match.

const T0 = Date.UTC(2026, 0, 1)
/** Each step's time: its place in the whole sequence, so both mocks answer it at the same time. */
const STEP_MS = 1_000
/** Statuses of the mock's own refusals; a scenario in these runs answers 429, 503 or a reset. */
const REFUSALS = new Set([400, 401, 404, 409, 413, 415])

/** A scenario whose rules draw, count and keep a window, for every operation. */
const FAULTS: ScenarioInput = {
  name: 'refusal-faults',
  seed: 7,
  rules: [
    { description: 'latency', latency: { min: 1, max: 900 } },
    { description: 'counted', times: 6, latency: 5 },
    { description: 'cut', match: { operation: 'updateLlmProvider' }, times: 2, fault: 'truncate' },
    {
      description: 'window',
      match: { operation: 'updateWorker' },
      rateLimit: { limit: 2, windowMs: 20_000 },
    },
    {
      description: 'reset',
      match: { operation: 'createWorker' },
      probability: 0.1,
      fault: 'reset',
    },
    {
      description: 'unavailable',
      probability: 0.2,
      problem: { status: 503, title: 'Unavailable' },
    },
  ],
}

type Answer = { status: number; body: string }

/** A 201's worker id (a create's or an admin add's). */
const Created = z.object({ worker: z.object({ id: z.string() }) })

/** A mock on a clock the steps set, whose waits end at once, and how to send to it. */
const harness = (options: MockAppOptions, token: string | undefined) => {
  let now = T0
  const app: MockApp = createMockApp({
    seed: 11,
    clock: () => now,
    sleep: async () => undefined,
    limits: { maxWorkers: 4 },
    ...options,
  })
  const known: Known = { workers: [], orgId: app.ids.orgId, llmProviderId: app.ids.llmProviderId }
  const send = async (request: Request, at: number): Promise<Answer> => {
    now = T0 + at * STEP_MS
    const auth =
      token === undefined || request.isTokenless ? {} : { authorization: `Bearer ${token}` }
    const res = await app.request(request.path, {
      method: request.method,
      headers: { ...request.headers, ...auth },
      ...(request.body === undefined ? {} : { body: request.body }),
    })
    let body: string
    try {
      body = await res.text()
    } catch {
      body = '<truncated>' // a `truncate` fault breaks the body mid-stream
    }
    const created = res.status === 201 ? Created.safeParse(JSON.parse(body)) : undefined
    if (created?.success) known.workers.push(created.data.worker.id)
    return { status: res.status, body }
  }
  return { send, known }
}

/** The whole sequence to one mock, the steps it accepted to another: the same answers and state. */
const sameAnswersWithoutRefusals = async (
  steps: readonly Step[],
  options: MockAppOptions,
  token?: string,
) => {
  const whole = harness(options, token)
  const accepted: { at: number; step: Step; answer: Answer }[] = []
  for (const [at, step] of steps.entries()) {
    const answer = await whole.send(requestOf(step, whole.known), at)
    if (!REFUSALS.has(answer.status)) accepted.push({ at, step, answer })
  }
  const only = harness(options, token)
  for (const { at, step, answer } of accepted) {
    const again = await only.send(requestOf(step, only.known), at)
    expect({ at, step, answer: again }).toEqual({ at, step, answer })
  }
  const end = steps.length
  for (const path of ['/__mock/state', '/__mock/rules']) {
    const read = { method: 'GET', path }
    expect(await only.send(read, end)).toEqual(await whole.send(read, end))
  }
}

const RUNS = { seed: 42, numRuns: 100 } as const

describe('refusals change nothing', () => {
  it('answers the accepted requests as a mock that never saw the refused ones', async () => {
    await fc.assert(
      fc.asyncProperty(refusalSteps, (steps) => sameAnswersWithoutRefusals(steps, {})),
      RUNS,
    )
  })

  it('meets the same faults, counts and windows under a scenario whatever was refused', async () => {
    await fc.assert(
      fc.asyncProperty(refusalSteps, (steps) =>
        sameAnswersWithoutRefusals(steps, { scenario: FAULTS }),
      ),
      RUNS,
    )
  })

  it('meets the same flaky failures in auth mode whatever was refused', async () => {
    await fc.assert(
      fc.asyncProperty(refusalSteps, (steps) =>
        sameAnswersWithoutRefusals(steps, { scenario: 'flaky', auth: true }, 'tester'),
      ),
      RUNS,
    )
  })

  it('makes no session for a request it refuses: a 400 under a new x-mock-session, or with a scenario header', async () => {
    const app = createMockApp()
    const sessionsBefore = app.control.sessions.ids()
    for (const headers of [
      { 'x-mock-session': 'ghost' },
      { 'x-mock-session': 'ghost-2', 'x-mock-scenario': 'flaky' },
    ]) {
      const res = await app.request('/v1/workers', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ name: '', destination: 'moon' }),
      })
      expect.soft(res.status).toBe(400)
    }
    expect.soft(app.control.sessions.ids()).toEqual(sessionsBefore)
    // An accepted request under the same name makes it, as always.
    const accepted = await app.request('/v1/workers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mock-session': 'ghost' },
      body: JSON.stringify({ name: 'real', destination: 'local' }),
    })
    expect.soft(accepted.status).toBe(201)
    expect.soft(app.control.sessions.ids()).toContain('ghost')
  })

  it('pushes no session out for a session it refuses to make, at the bound of limits.maxSessions', async () => {
    const app = createMockApp({ limits: { maxSessions: 2 } })
    const create = (session: string, name: string) =>
      app.request('/v1/workers', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-mock-session': session },
        body: JSON.stringify({ name, destination: 'local' }),
      })
    expect((await create('a', 'kept')).status).toBe(201)
    expect((await create('b', 'kept')).status).toBe(201)
    // The bound is kept as the next request enters: one more in b drops the oldest past it.
    expect((await create('b', 'kept too')).status).toBe(201)
    const before = app.control.sessions.ids()
    expect(before).toEqual(['a', 'b'])
    for (let i = 0; i < 5; i++) expect((await create(`refused-${i}`, '')).status).toBe(400)
    expect.soft(app.control.sessions.ids()).toEqual(before)
  })
})
