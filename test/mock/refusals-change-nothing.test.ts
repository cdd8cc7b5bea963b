import { z } from '@hono/zod-openapi'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  createMockApp,
  MAX_BODY_BYTES,
  type MockApp,
  type MockAppOptions,
  type ScenarioInput,
} from '../../src/index.js'
import { ID_PREFIX } from '../../src/schemas/ids.js'
import { unknownId } from '../helpers/send.js'

// Issue 30, item 2: the answers of a session follow from its seed and the requests it accepted.
// Two fresh mocks with the same seed: one is sent a random mix of accepted and refused requests,
// the other only those the first accepted; the accepted answers and the final state must match.

const T0 = Date.UTC(2026, 0, 1)
/** Each step's time: its place in the whole sequence, so both mocks answer it at the same time. */
const STEP_MS = 1_000
/** Ids of the right form that no session holds (their form is all that counts). */
const UNKNOWN = {
  worker: unknownId(ID_PREFIX.worker),
  org: unknownId(ID_PREFIX.org),
  llmProvider: unknownId(ID_PREFIX.llmProvider),
}
/** Statuses of the mock's own refusals; a scenario in these runs answers 429, 503 or a reset. */
const REFUSALS = new Set([400, 401, 404, 409, 413, 415])
/** Over the mock's body limit. */
const TOO_LARGE = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES), destination: 'local' })

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

type Destination = 'local' | 'cloud'

/** One request of a sequence, as data (fast-check prints it); `pick` chooses a known worker. */
type Step =
  | { op: 'create'; name: string; destination: Destination }
  | { op: 'rename'; pick: number; name: string }
  | { op: 'provider'; modelId: string }
  | { op: 'adminAdd'; destination: Destination; duplicateOf?: number }
  | { op: 'adminMove'; pick: number; destination: Destination }
  | { op: 'adminProvider'; modelId: string }
  | { op: 'adminRule' }
  | { op: 'invalidCreate'; body: string }
  | { op: 'invalidRename'; pick: number }
  | { op: 'invalidProvider' }
  | { op: 'unsupportedType' }
  | { op: 'tooLarge'; admin: boolean }
  | { op: 'unknownWorker'; admin: boolean }
  | { op: 'unknownProvider'; org: boolean }
  | { op: 'invalidAdmin'; target: 'add' | 'move' | 'provider' | 'rule' }
  | { op: 'badHeader'; header: 'x-mock-session' | 'x-mock-scenario' }
  | { op: 'badPrefer' }
  | { op: 'refusedSwitch'; admin: boolean }
  | { op: 'noToken'; admin: boolean }

const name = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== '')
const destination = fc.constantFrom<Destination>('local', 'cloud')
const pick = fc.nat({ max: 20 })

const ACCEPTED = fc.oneof(
  fc.record({ op: fc.constant('create' as const), name, destination }),
  fc.record({ op: fc.constant('rename' as const), pick, name }),
  fc.record({ op: fc.constant('provider' as const), modelId: name }),
  fc.record(
    { op: fc.constant('adminAdd' as const), destination, duplicateOf: pick },
    { requiredKeys: ['op', 'destination'] },
  ),
  fc.record({ op: fc.constant('adminMove' as const), pick, destination }),
  fc.record({ op: fc.constant('adminProvider' as const), modelId: name }),
  fc.record({ op: fc.constant('adminRule' as const) }),
)

const REFUSED = fc.oneof(
  fc.record({
    op: fc.constant('invalidCreate' as const),
    body: fc.constantFrom(
      '{"name":"","destination":"local"}',
      '{"name":"no destination"}',
      '{"name":7,"destination":"cloud"}',
      '{"name":',
    ),
  }),
  fc.record({ op: fc.constant('invalidRename' as const), pick }),
  fc.record({ op: fc.constant('invalidProvider' as const) }),
  fc.record({ op: fc.constant('unsupportedType' as const) }),
  fc.record({ op: fc.constant('tooLarge' as const), admin: fc.boolean() }),
  fc.record({ op: fc.constant('unknownWorker' as const), admin: fc.boolean() }),
  fc.record({ op: fc.constant('unknownProvider' as const), org: fc.boolean() }),
  fc.record({
    op: fc.constant('invalidAdmin' as const),
    target: fc.constantFrom('add' as const, 'move' as const, 'provider' as const, 'rule' as const),
  }),
  fc.record({
    op: fc.constant('badHeader' as const),
    header: fc.constantFrom('x-mock-session' as const, 'x-mock-scenario' as const),
  }),
  fc.record({ op: fc.constant('badPrefer' as const) }),
  fc.record({ op: fc.constant('refusedSwitch' as const), admin: fc.boolean() }),
  fc.record({ op: fc.constant('noToken' as const), admin: fc.boolean() }),
)

const STEPS: fc.Arbitrary<Step[]> = fc.array(fc.oneof(ACCEPTED, REFUSED), {
  minLength: 1,
  maxLength: 30,
})

type Request = {
  method: string
  path: string
  body?: string
  headers?: Record<string, string>
  /** Sent without the run's bearer token (a 401 in auth mode). */
  isTokenless?: boolean
}

/** What the mock knows that a request names: the workers its accepted answers showed. */
type Known = { workers: string[]; orgId: string; llmProviderId: string }

const json = (method: string, path: string, body: unknown, headers = {}): Request => ({
  method,
  path,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
})

const workerAt = (known: Known, at: number) =>
  known.workers.length === 0 ? UNKNOWN.worker : (known.workers[at % known.workers.length] ?? '')

const requestOf = (step: Step, known: Known): Request => {
  const provider = `/v1/orgs/${known.orgId}/llm-providers/${known.llmProviderId}`
  switch (step.op) {
    case 'create':
      return json('POST', '/v1/workers', { name: step.name, destination: step.destination })
    case 'rename':
      return json('PATCH', `/v1/workers/${workerAt(known, step.pick)}`, { name: step.name })
    case 'provider':
      return json('PATCH', provider, { source: 'custom', modelIds: [step.modelId] })
    case 'adminAdd':
      return json('POST', '/__mock/state/workers', {
        destination: step.destination,
        ...(step.duplicateOf === undefined || known.workers.length === 0
          ? {}
          : { id: workerAt(known, step.duplicateOf) }),
      })
    case 'adminMove':
      return json('PATCH', `/__mock/state/workers/${workerAt(known, step.pick)}`, {
        destination: step.destination,
      })
    case 'adminProvider':
      return json('PATCH', '/__mock/state/llm-provider', { modelIds: [step.modelId] })
    case 'adminRule':
      return json('POST', '/__mock/rules', {
        match: { operation: 'createWorker' },
        times: 2,
        probability: 0.5,
        latency: { min: 1, max: 50 },
      })
    case 'invalidCreate':
      return json('POST', '/v1/workers', step.body)
    case 'invalidRename':
      return json('PATCH', `/v1/workers/${workerAt(known, step.pick)}`, { name: '' })
    case 'invalidProvider':
      return json('PATCH', provider, { source: 'nowhere' })
    case 'unsupportedType':
      return {
        method: 'POST',
        path: '/v1/workers',
        body: '{"name":"plain","destination":"local"}',
        headers: { 'content-type': 'text/plain' },
      }
    case 'tooLarge':
      return json('POST', step.admin ? '/__mock/state/workers' : '/v1/workers', TOO_LARGE)
    case 'unknownWorker':
      return step.admin
        ? json('PATCH', `/__mock/state/workers/${UNKNOWN.worker}`, { destination: 'cloud' })
        : json('PATCH', `/v1/workers/${UNKNOWN.worker}`, { name: 'nobody' })
    case 'unknownProvider': {
      const org = step.org ? UNKNOWN.org : known.orgId
      const id = step.org ? known.llmProviderId : UNKNOWN.llmProvider
      return json('PATCH', `/v1/orgs/${org}/llm-providers/${id}`, { source: 'custom' })
    }
    case 'invalidAdmin': {
      const target = {
        add: ['POST', '/__mock/state/workers', { destination: 'moon' }],
        move: ['PATCH', `/__mock/state/workers/${workerAt(known, 0)}`, { colour: 'red' }],
        provider: ['PATCH', '/__mock/state/llm-provider', { modelIds: [] }],
        rule: ['POST', '/__mock/rules', { latency: -1 }],
      } as const
      const [method, path, body] = target[step.target]
      return json(method, path, body)
    }
    case 'badHeader':
      return json(
        'POST',
        '/v1/workers',
        { name: 'header', destination: 'local' },
        { [step.header]: 'not a valid value!' },
      )
    case 'badPrefer':
      return json(
        'POST',
        '/v1/workers',
        { name: 'prefer', destination: 'local' },
        { prefer: 'code=299' },
      )
    case 'refusedSwitch':
      // A known scenario that replaces the data, on a request refused afterwards.
      return step.admin
        ? json(
            'POST',
            '/__mock/state/workers',
            { destination: 'moon' },
            { 'x-mock-scenario': 'empty' },
          )
        : json('POST', '/v1/workers', { name: '' }, { 'x-mock-scenario': 'empty' })
    case 'noToken':
      return {
        ...(step.admin
          ? json('PATCH', '/__mock/state/llm-provider', { modelIds: ['tokenless'] })
          : json('POST', '/v1/workers', { name: 'tokenless', destination: 'local' })),
        isTokenless: true,
      }
  }
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
      fc.asyncProperty(STEPS, (steps) => sameAnswersWithoutRefusals(steps, {})),
      RUNS,
    )
  })

  it('meets the same faults, counts and windows under a scenario whatever was refused', async () => {
    await fc.assert(
      fc.asyncProperty(STEPS, (steps) => sameAnswersWithoutRefusals(steps, { scenario: FAULTS })),
      RUNS,
    )
  })

  it('meets the same flaky failures in auth mode whatever was refused', async () => {
    await fc.assert(
      fc.asyncProperty(STEPS, (steps) =>
        sameAnswersWithoutRefusals(steps, { scenario: 'flaky', auth: true }, 'tester'),
      ),
      RUNS,
    )
  })
})
