import fc from 'fast-check'

import { typeIdArbitrary } from '../../../src/contract/arbitraries.js'
import type { MockApp } from '../../../src/mock/app.js'
import { ID_PREFIX } from '../../../src/schemas/ids.js'
import { providerPath } from '../../helpers/requests.js'
import { bodyFor } from './hostile-body.js'
import {
  authorizationHeader,
  BEARERS,
  CONTENT_TYPES,
  extraHeader,
  JSON_TYPES,
  scenarioHeader,
  sessionHeader,
} from './hostile-headers.js'
import { KIB } from './hostile-request.js'

/** A real worker id, to derive the near misses from (spec §2.1: prefix and length). */
export const WORKER_ID = 'wrk_01h2xcejqtf2nbrexx3vqjhp41'
export const SUFFIX = WORKER_ID.slice(ID_PREFIX.worker.length + 1)

export const hostileId = fc.oneof(
  fc.constantFrom(
    '..',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2f',
    '%00',
    '%FF',
    '%E2%82',
    '%',
    '%%',
    'wrk_%F0%9F%92%A5',
    '💥',
    `${ID_PREFIX.worker}_${'é'.repeat(SUFFIX.length)}`,
    `${ID_PREFIX.worker}_${'x'.repeat(SUFFIX.length)}`,
    `${ID_PREFIX.org}_${SUFFIX}`,
    WORKER_ID.toUpperCase(),
    WORKER_ID.slice(0, -1),
    `${WORKER_ID}1`,
    'x'.repeat(10 * KIB),
    ' ',
    '%20',
    'a;b',
    'a?b=c',
    'a#b',
    '\\..\\',
  ),
  typeIdArbitrary(ID_PREFIX.worker),
  typeIdArbitrary(ID_PREFIX.org),
  typeIdArbitrary(ID_PREFIX.llmProvider),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 40 }),
)

export const query = fc.oneof(
  { weight: 8, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '?',
      '?apiKey=sk-x',
      '?a=1&a=2',
      '?%FF=%FF',
      `?q=${'q'.repeat(10 * KIB)}`,
      '?operation=createWorker',
      '?operation=nope',
      '?operation=updateWorker&session=fuzz-1',
      '?session=',
      '?session=a&session=b',
      '?unknown=1',
      '?operation[]=x',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map((q) => `?${q}`),
  },
)

export const OTHER_METHODS = ['GET', 'PUT', 'DELETE', 'OPTIONS', 'HEAD', 'FOO', 'PROPFIND']
export const methodAround = (method: string) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(method) },
    { weight: 1, arbitrary: fc.constantFrom('POST', 'PATCH', ...OTHER_METHODS) },
  )

export const headersAround = (auth: 'valid' | 'any') =>
  fc
    .record({
      contentType: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...JSON_TYPES) },
        { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
      session: fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: sessionHeader },
      ),
      scenario: fc.oneof(
        { weight: 12, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: scenarioHeader },
      ),
      authorization: fc.oneof(
        { weight: auth === 'valid' ? 6 : 2, arbitrary: fc.constantFrom(...BEARERS) },
        { weight: 1, arbitrary: authorizationHeader },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
      extra: fc.oneof(
        { weight: 4, arbitrary: fc.constant([]) },
        { weight: 1, arbitrary: fc.array(extraHeader, { minLength: 1, maxLength: 3 }) },
      ),
    })
    .map(({ contentType, session, scenario, authorization, extra }) => [
      ...(contentType === undefined ? [] : [['content-type', contentType] as const]),
      ...(session === undefined ? [] : [['x-mock-session', session] as const]),
      ...(scenario === undefined ? [] : [['x-mock-scenario', scenario] as const]),
      ...(authorization === undefined ? [] : [['authorization', authorization] as const]),
      ...extra,
    ])

/** A worker created during the run, resolved when sent: `{created:0}` is the latest one. */
export const createdRef = (fromLatest: number) => `{created:${fromLatest}}`
/** Well-formed (prefix and length, spec §2.1) and never created. */
export const UNKNOWN_WORKER_ID = `${ID_PREFIX.worker}_${'0'.repeat(SUFFIX.length)}`

/** CORS preflights: an OPTIONS with the headers a browser sends, at any path. */
export const preflightHeaders = fc
  .record({
    origin: fc.constantFrom('http://localhost:5173', 'null', 'http://evil.test'),
    method: fc.constantFrom('POST', 'PATCH', 'DELETE', 'FOO', ''),
    headers: fc.option(
      fc.constantFrom(
        'content-type',
        'content-type, x-mock-session, authorization',
        'x'.repeat(KIB),
      ),
      { nil: undefined },
    ),
  })
  .map(({ origin, method, headers }) => [
    ['origin', origin] as const,
    ['access-control-request-method', method] as const,
    ...(headers === undefined ? [] : [['access-control-request-headers', headers] as const]),
  ])

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
