import fc from 'fast-check'
import { MAX_BODY_BYTES } from '../../src/index.js'
import { ID_PREFIX } from '../../src/schemas/ids.js'
import { unknownId } from './send.js'

// The requests of test/mock/refusals-change-nothing.test.ts: a random mix of those the mock
// accepts (creates, renames, provider updates, admin adds and edits) and those it refuses.

/** Ids of the right form that no session holds (their form is all that counts). */
const UNKNOWN = {
  worker: unknownId(ID_PREFIX.worker),
  org: unknownId(ID_PREFIX.org),
  llmProvider: unknownId(ID_PREFIX.llmProvider),
}
/** Over the mock's body limit. */
const TOO_LARGE = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES), destination: 'local' })

type Destination = 'local' | 'cloud'

/** One request of a sequence, as data (fast-check prints it); `pick` chooses a known worker. */
export type Step =
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

/** Sequences of 1 to 30 requests, accepted and refused mixed. */
export const refusalSteps: fc.Arbitrary<Step[]> = fc.array(fc.oneof(ACCEPTED, REFUSED), {
  minLength: 1,
  maxLength: 30,
})

export type Request = {
  method: string
  path: string
  body?: string
  headers?: Record<string, string>
  /** Sent without the run's bearer token (a 401 in auth mode). */
  isTokenless?: boolean
}

/** What the mock knows that a request names: the workers its accepted answers showed. */
export type Known = { workers: string[]; orgId: string; llmProviderId: string }

const json = (method: string, path: string, body: unknown, headers = {}): Request => ({
  method,
  path,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
})

const workerAt = (known: Known, at: number) =>
  known.workers.length === 0 ? UNKNOWN.worker : (known.workers[at % known.workers.length] ?? '')

/** The request a step sends, naming the workers the mock is known to hold. */
export const requestOf = (step: Step, known: Known): Request => {
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
