// The hostile fuzz of the mock (robustness.test.ts): whole requests, to the three operations
// and to the admin API beside them.
import fc from 'fast-check'
import { MAX_BODY_BYTES, type MockApp } from '../../src/mock/app.js'
import { providerPath } from '../helpers/requests.js'
import { type Body, bodyFor, deep, hostileValue, textBody } from './robustness-bodies.js'
import {
  createdRef,
  headersAround,
  hostileId,
  methodAround,
  OTHER_METHODS,
  preflightHeaders,
  query,
  SCENARIO_NAMES,
} from './robustness-headers.js'

/** Requests to the three operations: right paths and ids mostly, then every kind of wrong one. */
export const apiRequest = (app: MockApp, auth: 'valid' | 'any') => {
  const { orgId, llmProviderId } = app.ids
  const workerPath = fc.oneof(
    { weight: 3, arbitrary: fc.nat({ max: 7 }).map(createdRef) },
    { weight: 2, arbitrary: hostileId },
  )
  const providerIds = fc.oneof(
    { weight: 3, arbitrary: fc.constant([orgId, llmProviderId]) },
    { weight: 1, arbitrary: fc.tuple(hostileId, fc.constant(llmProviderId)) },
    { weight: 1, arbitrary: fc.tuple(fc.constant(orgId), hostileId) },
  )
  const oddPath = fc.constantFrom(
    '/v1/workers/',
    '/v1//workers',
    '/V1/workers',
    '/v1/workers/..',
    '/v1/workers/%2e%2e/',
    '/v1/orgs',
    '/v1/',
    '/v1',
    `${providerPath(app)}/`,
    `/v1/orgs/${orgId}/llm-providers`,
    `/v1/orgs/${orgId}//llm-providers/${llmProviderId}`,
  )
  const headers = headersAround(auth)
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        method: methodAround('POST'),
        path: fc.constant('/v1/workers'),
        query,
        headers,
        body: bodyFor('createWorker'),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        method: methodAround('PATCH'),
        path: workerPath.map((id) => `/v1/workers/${id}`),
        query,
        headers,
        body: bodyFor('updateWorker'),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        method: methodAround('PATCH'),
        path: providerIds.map(([org, lpr]) => `/v1/orgs/${org}/llm-providers/${lpr}`),
        query,
        headers,
        body: bodyFor('updateLlmProvider'),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        method: fc.constantFrom('POST', 'PATCH', ...OTHER_METHODS),
        path: oddPath,
        query,
        headers,
        body: bodyFor('createWorker'),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        method: fc.constant('OPTIONS'),
        path: fc.oneof(
          oddPath,
          fc.constant('/v1/workers'),
          workerPath.map((id) => `/v1/workers/${id}`),
        ),
        query,
        headers: preflightHeaders,
        body: fc.constant(undefined),
      }),
    },
  )
}

const ADMIN_ROUTES = [
  ['GET', 'health'],
  ['GET', 'scenarios'],
  ['GET', 'state'],
  ['POST', 'reset'],
  ['PUT', 'scenario'],
  ['GET', 'requests'],
  ['DELETE', 'requests'],
] as const

const scenarioName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SCENARIO_NAMES, 'auth-required') },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,63}$/) },
  { weight: 1, arbitrary: hostileValue },
)
const normalAdminBody: fc.Arbitrary<Body | undefined> = fc.oneof(
  {
    weight: 4,
    arbitrary: scenarioName.map((name) => textBody('scenario', JSON.stringify({ name }))),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ name: scenarioName, extra: hostileValue }, { requiredKeys: [] })
      .map((v) => textBody('fields', JSON.stringify(v))),
  },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => textBody('JSON value', JSON.stringify(v))) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary' }).map((t) => textBody('text', t)) },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ maxLength: 64 })
      .map((bytes) => ({ label: 'random bytes', bytes: new Uint8Array(bytes) })),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
)
const adminBody = fc.oneof(
  { weight: 199, arbitrary: normalAdminBody },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      textBody('10 000 nested arrays', deep(10_000, '[', ']')),
      textBody('2 MiB name', JSON.stringify({ name: 'x'.repeat(2 * MAX_BODY_BYTES) })),
    ),
  },
)

/** The admin API, its neighbours and the other routes, mixed with API requests on the same app. */
export const adminRequest = (app: MockApp) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .record({
          route: fc.constantFrom(...ADMIN_ROUTES),
          other: fc.constantFrom('POST', 'PATCH', ...OTHER_METHODS),
          isOther: fc.boolean(),
          query,
          headers: headersAround('any'),
          body: adminBody,
        })
        .map(({ route: [method, name], other, isOther, ...rest }) => ({
          method: isOther ? other : method,
          path: `/__mock/${name}`,
          ...rest,
        })),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        method: fc.constantFrom('POST', 'PATCH', ...OTHER_METHODS),
        path: fc.constantFrom(
          '/__mock',
          '/__mock/',
          '/__mock/nope',
          '/__mock/health/',
          '/__MOCK/health',
          '/__mock//health',
          '/__mock/requests/1',
          '/__mock/%2e%2e/v1/workers',
          '/__mock/state%00',
          '/',
          '/openapi.json',
          '/nope',
          '/v2/workers',
          '/%FF',
        ),
        query,
        headers: headersAround('any'),
        body: adminBody,
      }),
    },
    { weight: 3, arbitrary: apiRequest(app, 'any') },
  )
