import fc from 'fast-check'
import { MAX_BODY_BYTES, type MockApp } from '../../../src/mock/app.js'
import { apiRequest, headersAround, OTHER_METHODS, query } from './api-requests.js'
import { hostileValue, SCENARIO_NAMES } from './hostile-headers.js'
import { type Body, deep, textBody } from './hostile-request.js'

export const ADMIN_ROUTES = [
  ['GET', 'health'],
  ['GET', 'scenarios'],
  ['GET', 'state'],
  ['POST', 'reset'],
  ['PUT', 'scenario'],
  ['GET', 'requests'],
  ['DELETE', 'requests'],
] as const

export const scenarioName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SCENARIO_NAMES, 'auth-required') },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,63}$/) },
  { weight: 1, arbitrary: hostileValue },
)
export const normalAdminBody: fc.Arbitrary<Body | undefined> = fc.oneof(
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
export const adminBody = fc.oneof(
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
