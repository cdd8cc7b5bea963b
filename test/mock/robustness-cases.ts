// The table of the hostile fuzz (robustness.test.ts): each app under fuzz, its requests, how many,
// the statuses it must produce, the giant bodies sent first, and the request that must still work.
import type fc from 'fast-check'
import { createMockApp, type MockApp } from '../../src/mock/app.js'
import { minimalBody, providerPath } from '../helpers/requests.js'
import { steppingClock } from '../helpers/send.js'
import { type Body, giantsFor, type HostileRequest, hostile } from './robustness-bodies.js'
import { createdRef, UNKNOWN_WORKER_ID } from './robustness-headers.js'
import { adminRequest, apiRequest } from './robustness-requests.js'

export const SEED = 20_261_121

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

export const TARGETS: readonly Target[] = [
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

/** The request with its `{created:N}` reference replaced by a worker id the run created. */
export const resolve = (request: HostileRequest, created: readonly string[]) =>
  hostile({
    ...request,
    path: request.path.replace(
      /\{created:(\d+)\}/,
      (_, fromLatest: string) => created.at(-1 - Number(fromLatest)) ?? UNKNOWN_WORKER_ID,
    ),
  })

export const VALID_CREATE = JSON.stringify(minimalBody('createWorker'))
/** A fresh session in the default scenario, with a token: valid whatever the fuzz switched. */
export const FRESH = {
  'content-type': 'application/json',
  'x-mock-session': 'after-the-fuzz',
  'x-mock-scenario': 'default',
  authorization: 'Bearer after-the-fuzz',
}

/** Every giant body, each sent once to its own operation, before the random requests. */
export const giantExamples = (app: MockApp) =>
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
