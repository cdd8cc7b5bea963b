// Hostile-input fuzzing of the mock, in-process through app.request(): over 10 000 seeded requests
// to the three operations and the admin API. Every answer is a 2xx that parses with its schemas or
// a 4xx problem+json; never a 5xx, never a crash, and a valid request still works afterwards.

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMockApp, type MockApp } from '../../src/mock/app.js'
import { MockCreateWorkerResponse } from '../../src/schemas/worker.js'
import { minimalBody, providerPath } from '../helpers/requests.js'
import { steppingClock } from '../helpers/send.js'
import { adminRequest } from './robustness/admin-requests.js'
import { apiRequest, createdRef } from './robustness/api-requests.js'
import {
  type Body,
  giantsFor,
  type HostileRequest,
  hostile,
  SEED,
} from './robustness/hostile-request.js'
import { judge, resolve, toRequest } from './robustness/judge-answer.js'

type Target = {
  readonly name: string
  readonly runs: number
  /** The app under fuzz; `log` receives its request lines. */
  readonly app: (log: (line: string) => void) => MockApp
  readonly requests: (app: MockApp) => fc.Arbitrary<HostileRequest>
  /** Statuses the run must have produced, or the fuzz has stopped reaching those branches. */
  readonly mustSee: readonly number[]
}

const noSleep = () => Promise.resolve()

const asHostile = (
  arbitrary: fc.Arbitrary<{
    method: string
    path: string
    query: string
    headers: readonly (readonly [string, string])[]
    body: Body | undefined
  }>,
) => arbitrary.map(({ path, query, ...rest }) => hostile({ ...rest, path: `${path}${query}` }))

const TARGETS: readonly Target[] = [
  {
    name: 'the three operations',
    runs: 4_000,
    app: (log) => createMockApp({ log, clock: steppingClock(), sleep: noSleep }),
    requests: (app) => asHostile(apiRequest(app, 'any')),
    mustSee: [200, 201, 204, 400, 404, 405, 413, 415],
  },
  {
    name: 'the three operations in auth mode without CORS',
    runs: 2_000,
    app: (log) =>
      createMockApp({ log, auth: true, cors: false, clock: steppingClock(), sleep: noSleep }),
    requests: (app) => asHostile(apiRequest(app, 'valid')),
    mustSee: [200, 201, 400, 401, 404, 405, 413, 415],
  },
  {
    name: 'the three operations under the rate-limited scenario',
    runs: 1_000,
    // Each request moves the clock 250 ms: the 10 s window frees up now and then.
    app: (log) =>
      createMockApp({
        log,
        scenario: 'rate-limited',
        clock: steppingClock(undefined, 250),
        sleep: noSleep,
      }),
    requests: (app) => asHostile(apiRequest(app, 'any')),
    mustSee: [200, 201, 400, 429],
  },
  {
    name: 'the admin API among API requests',
    runs: 3_000,
    app: (log) => createMockApp({ log, clock: steppingClock(), sleep: noSleep }),
    requests: (app) => asHostile(adminRequest(app)),
    mustSee: [200, 201, 400, 404, 405],
  },
]

const VALID_CREATE = JSON.stringify(minimalBody('createWorker'))
/** A fresh session in the default scenario, with a token: valid whatever the fuzz switched. */
const FRESH = {
  'content-type': 'application/json',
  'x-mock-session': 'after-the-fuzz',
  'x-mock-scenario': 'default',
  authorization: 'Bearer after-the-fuzz',
}

/** Every giant body, each sent once to its own operation, before the random requests. */
const giantExamples = (app: MockApp) =>
  (
    [
      ['POST', '/v1/workers', 'createWorker'],
      ['PATCH', `/v1/workers/${createdRef(0)}`, 'updateWorker'],
      ['PATCH', providerPath(app), 'updateLlmProvider'],
    ] as const
  ).flatMap(([method, path, operationId]) =>
    giantsFor(operationId).map((body): [HostileRequest] => [
      hostile({
        method,
        path,
        headers: [
          ['content-type', 'application/json'],
          ['authorization', 'Bearer fuzz-token'],
        ],
        body,
      }),
    ]),
  )

describe('robustness', () => {
  it.each(TARGETS.map((target) => [target.runs, target.name, target] as const))(
    `answers %i random hostile requests and every giant body to %s with a 2xx or a 4xx problem (seed ${SEED})`,
    async (_runs, _name, { runs, app: build, requests, mustSee }) => {
      const internalErrors: string[] = []
      const app = build((line) => {
        if (line.includes('internal error')) internalErrors.push(line)
      })
      const created: string[] = []
      const seen = new Map<number, number>()
      const examples = giantExamples(app)

      // fast-check counts examples in numRuns: `runs` random requests come after them.
      await fc.assert(
        fc.asyncProperty(requests(app), async (generated) => {
          const request = resolve(generated, created)
          await judge(request, await app.request(toRequest(request)), seen, (id) => {
            created.push(id)
          })
        }),
        { seed: SEED, numRuns: runs + examples.length, examples },
      )

      const after = await app.request('/v1/workers', {
        method: 'POST',
        headers: FRESH,
        body: VALID_CREATE,
      })
      // In auth mode the admin API asks for a token too.
      const health = await app.request('/__mock/health', { headers: FRESH })
      expect.soft(after.status).toBe(201)
      expect.soft(MockCreateWorkerResponse.safeParse(await after.json()).success).toBe(true)
      expect.soft(health.status).toBe(200)
      expect.soft(await health.json()).toMatchObject({ status: 'ok' })
      expect.soft(internalErrors).toEqual([])
      expect.soft([...seen.keys()]).toEqual(expect.arrayContaining([...mustSee]))
    },
  )
})
