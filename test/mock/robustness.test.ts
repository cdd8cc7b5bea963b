// Hostile-input fuzzing of the mock, in-process through app.request(): over 10 000 seeded requests
// to the three operations and the admin API. Every answer is a 2xx that parses with its schemas or
// a 4xx problem+json; never a 5xx, never a crash, and a valid request still works afterwards.
import type { z } from '@hono/zod-openapi'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { OPERATION_TABLE } from '../../src/api/operation-table.js'
import {
  createWorker,
  type Operation,
  type OperationId,
  operations,
  updateLlmProvider,
  updateWorker,
} from '../../src/api/operations.js'

import { arbitraryOf, typeIdArbitrary } from '../../src/contract/arbitraries.js'
import { type JsonSchema, jsonSchemaOf } from '../../src/contract/json-schema.js'
import { limitsOf, limitsOfJsonSchema } from '../../src/contract/limits.js'
import { createMockApp, MAX_BODY_BYTES, type MockApp } from '../../src/mock/app.js'
import { ID_PREFIX } from '../../src/schemas/ids.js'
import { MockLlmProviderEnvelope } from '../../src/schemas/llm-provider.js'
import { Problem } from '../../src/schemas/problem.js'
import { MockCreateWorkerResponse, MockWorkerEnvelope } from '../../src/schemas/worker.js'
import { isDashboardPath } from '../../src/server/dashboard/dashboard-path.js'
import { makeId, minimalBody, operation, providerPath } from '../helpers/requests.js'
import { steppingClock } from '../helpers/send.js'

const SEED = 20_261_121
const ORIGIN = 'http://mock.test'
const PROBLEM_JSON = 'application/problem+json'
const KIB = 1024

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

type Body = { readonly label: string; readonly bytes: Uint8Array<ArrayBuffer> }

type HostileRequest = {
  readonly method: string
  /** Path and query, as sent (the URL parser normalizes what it must). */
  readonly path: string
  readonly headers: readonly (readonly [string, string])[]
  readonly body: Body | undefined
}

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text

const describeRequest = ({ method, path, headers, body }: HostileRequest) =>
  [
    `${method} ${cut(path, 160)}`,
    ...headers.map(([name, value]) => `  ${name}: ${cut(value, 60)}`),
    `  body: ${body ? `${body.label} (${body.bytes.byteLength} bytes)` : 'none'}`,
  ].join('\n')

/** A request that fast-check prints as its summary, not as a megabyte of bytes. */
const hostile = (request: HostileRequest): HostileRequest & fc.WithToStringMethod => ({
  ...request,
  [fc.toStringMethod]: () => describeRequest(request),
})

const encoder = new TextEncoder()
const utf8 = (text: string) => encoder.encode(text)
const textBody = (label: string, text: string): Body => ({
  label: `${label}: ${cut(text, 80)}`,
  bytes: utf8(text),
})
const concat = (...parts: Uint8Array[]) => {
  const bytes = new Uint8Array(parts.reduce((size, part) => size + part.byteLength, 0))
  let offset = 0
  for (const part of parts) {
    bytes.set(part, offset)
    offset += part.byteLength
  }
  return bytes
}

/** An operation's smallest valid body with a hole at its first field: `[before, after]` the value. */
const templateOf = (operationId: OperationId): readonly [string, string] => {
  const body = minimalBody(operationId)
  if (typeof body !== 'object' || body === null) throw new Error(`no object body: ${operationId}`)
  const [first] = Object.keys(body)
  const hole = '\u0000hole\u0000'
  const text = JSON.stringify({ ...body, ...(first ? { [first]: hole } : {}) })
  const [before = '', after = ''] = text.split(JSON.stringify(hole))
  return [before, after]
}

const deep = (depth: number, open: string, close: string, leaf = '') =>
  `${open.repeat(depth)}${leaf}${close.repeat(depth)}`

/** A body of exactly `size` bytes: the operation's template with a long string in the hole. */
const bodyOfSize = (operationId: OperationId, size: number, unit = 'x'): Body => {
  const [before, after] = templateOf(operationId)
  const frame = utf8(`${before}""${after}`).byteLength
  const units = Math.floor((size - frame) / utf8(unit).byteLength)
  return textBody(
    `${size} bytes`,
    `${before}"${unit.repeat(units)}${'x'.repeat(size - frame - units * utf8(unit).byteLength)}"${after}`,
  )
}

/**
 * A few giants, built once: near and above the body limit, 10 000 to 100 000 nested arrays, huge
 * arrays, a megabyte of bytes that are not UTF-8. Sent as examples and now and then at random.
 */
const giantsOf = (operationId: OperationId): Body[] => {
  const [before, after] = templateOf(operationId)
  return [
    bodyOfSize(operationId, MAX_BODY_BYTES),
    bodyOfSize(operationId, MAX_BODY_BYTES + 1),
    bodyOfSize(operationId, MAX_BODY_BYTES - 1, 'é'),
    bodyOfSize(operationId, 2 * MAX_BODY_BYTES),
    textBody('10 000 nested arrays', deep(10_000, '[', ']')),
    // Just under the journal's 64 KiB: parsed and redacted there, as deep as a kept body gets.
    textBody('30 000 nested arrays in a field', `${before}${deep(30_000, '[', ']')}${after}`),
    textBody('100 000 nested arrays in a field', `${before}${deep(100_000, '[', ']')}${after}`),
    textBody(
      '10 000 nested objects in a field',
      `${before}${deep(10_000, '{"a":', '}', '1')}${after}`,
    ),
    textBody(
      '100 000 items in a field',
      `${before}${JSON.stringify(Array(100_000).fill('m'))}${after}`,
    ),
    { label: 'a megabyte of 0xFF', bytes: new Uint8Array(MAX_BODY_BYTES - 1).fill(0xff) },
  ]
}
const GIANTS = new Map(operations.map((o) => [o.operationId, giantsOf(o.operationId)]))
const giantsFor = (operationId: OperationId) => GIANTS.get(operationId) ?? []

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8']
const CONTENT_TYPES = [
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/merge-patch+json',
  'application/vnd.api+json',
  'application/jsonp',
  'application/json-seq',
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'json',
  ';;;',
  '*/*',
  `application/json; x=${'y'.repeat(10 * KIB)}`,
]

const SCENARIO_NAMES = ['default', 'empty', 'slow', 'cloud-provisioning', 'rate-limited']
/** Known names and names that are not: `flaky` asks for 503s and resets, so it is left out. */
const scenarioHeader = fc.constantFrom(
  ...SCENARIO_NAMES,
  'auth-required',
  'nope',
  'DEFAULT',
  ' default',
  '../scenarios/default.json',
  './x.json',
  'a'.repeat(64),
  'a'.repeat(65),
  'x'.repeat(10 * KIB),
)
const SESSIONS = ['fuzz-1', 'fuzz-2', 'A.b_c:d-e', 'x'.repeat(128)]
const sessionHeader = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SESSIONS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'x'.repeat(129),
      'a b',
      '../etc/passwd',
      'é',
      'a,b',
      '%41',
      's'.repeat(10 * KIB),
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 140 }) },
)
const BEARERS = ['Bearer fuzz-token', 'Bearer other-token', 'bearer fuzz-token', 'Bearer a.b~c+/=']
const authorizationHeader = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BEARERS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'Bearer',
      'Bearer  ',
      'Bearer a b',
      'Basic Zm9vOmJhcg==',
      'Token x',
      'Bearer é',
      `Bearer ${'t'.repeat(10 * KIB)}`,
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 40 }) },
)
/** Odd headers: huge values, CORS preflight, cookies, lying framing headers. */
const extraHeader = fc.oneof(
  fc.constantFrom<readonly [string, string]>(
    ['x-huge', 'h'.repeat(10 * KIB)],
    ['origin', 'http://evil.test'],
    ['access-control-request-method', 'PATCH'],
    ['access-control-request-headers', 'content-type, x-mock-session'],
    ['accept', 'text/html'],
    ['accept', '*/*;q=0'],
    ['cookie', 'a=b; apiKey=c'],
    ['content-length', '10'],
    ['content-length', '99999999'],
    ['transfer-encoding', 'chunked'],
    ['content-encoding', 'gzip'],
    ['expect', '100-continue'],
    ['x-forwarded-for', '127.0.0.1, ::1'],
    ['content-type', 'text/plain'],
    ['x-mock-session', 'fuzz-2'],
  ),
  fc.tuple(
    fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
    fc.string({ unit: 'grapheme-ascii', maxLength: 60 }),
  ),
)

/** Strings at and one past every length bound of the three bodies, read from their schemas. */
const BOUNDARY_STRINGS = [
  ...new Set(
    operations
      .flatMap((o) => limitsOf(o.request.body.content['application/json'].schema, makeId))
      .flatMap(({ kind, max }) => (kind === 'length' && max !== undefined ? [max, max + 1] : [])),
  ),
].flatMap((length) => ['x'.repeat(length), '💥'.repeat(length)])

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1.5,
    2 ** 53,
    1e308,
    '',
    ' ',
    '\u0000',
    '\uFFFF',
    '\uD800',
    'local',
    'cloud',
    'LOCAL',
    'models_dev',
    'custom',
    [],
    {},
    [null],
    ...BOUNDARY_STRINGS,
  ),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 600 }),
)

/** Longer strings and arrays are generated once, at their maximum, not char by char each run. */
const SHORT = 40

/** Valid values of a field: short ones mostly, now and then the one at its maximum size. */
const validOf = (property: JsonSchema): fc.Arbitrary<unknown> => {
  const short = arbitraryOf({
    ...property,
    ...(property.maxLength === undefined ? {} : { maxLength: Math.min(property.maxLength, SHORT) }),
    ...(property.maxItems === undefined ? {} : { maxItems: Math.min(property.maxItems, 5) }),
  })
  const limit = limitsOfJsonSchema(property, makeId).find((l) => l.path.length === 0)
  if (limit?.max === undefined || limit.max <= SHORT) return short
  const atMax = limit.valueOfSize(limit.max)
  return fc.oneof({ weight: 9, arbitrary: short }, { weight: 1, arbitrary: fc.constant(atMax) })
}

const HOSTILE_KEYS = ['__proto__', 'constructor', 'toString', 'apiKey', 'tokens', '']

/** Bodies for an operation: mostly near-valid objects, then every kind of hostile text and bytes. */
const bodyFor = (operationId: OperationId): fc.Arbitrary<Body | undefined> => {
  const schema = jsonSchemaOf(
    operation(operationId).request.body.content['application/json'].schema,
  )
  const properties = Object.entries(schema.properties ?? {})
  const keys = [...properties.map(([key]) => key), ...HOSTILE_KEYS]
  const field = (key: string, property: JsonSchema) =>
    [
      key,
      fc.oneof({ weight: 9, arbitrary: validOf(property) }, { weight: 1, arbitrary: hostileValue }),
    ] as const
  const fields = Object.fromEntries(properties.map(([key, property]) => field(key, property)))
  const [before, after] = templateOf(operationId)
  const invalidUtf8 = fc.constantFrom(
    [0xff],
    [0xc3],
    [0xe2, 0x82],
    [0xed, 0xa0, 0x80],
    [0xc0, 0xaf],
    [0xf8, 0x88, 0x80, 0x80, 0x80],
    [0xef, 0xbb, 0xbf],
  )
  const normal: fc.Arbitrary<Body | undefined> = fc.oneof(
    {
      weight: 12,
      arbitrary: fc
        .record(fields, { requiredKeys: schema.required ?? [] })
        .map((value) => textBody('near-valid', JSON.stringify(value))),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({ ...fields, extra: hostileValue }, { requiredKeys: [] })
        .map((value) => textBody('fields', JSON.stringify(value))),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.constantFrom(...keys), fc.oneof(hostileValue, fc.constant('local'))), {
          minLength: 2,
          maxLength: 8,
        })
        .map((entries) =>
          textBody(
            'duplicate keys',
            `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`,
          ),
        ),
    },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => textBody('JSON value', JSON.stringify(v))) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary' }).map((t) => textBody('text', t)) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('', ' ', '{', '{"a":', 'null', '[]', '"x"', '{}', '{"name":"a",}')
        .map((t) => textBody('short text', t)),
    },
    {
      weight: 1,
      arbitrary: invalidUtf8.map((bytes) => ({
        label: `invalid UTF-8 ${bytes.join(',')} in a field`,
        bytes: concat(utf8(`${before}"`), new Uint8Array(bytes), utf8(`"${after}`)),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 64 })
        .map((bytes) => ({ label: 'random bytes', bytes: new Uint8Array(bytes) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 1, max: 3_000 }), fc.boolean())
        .map(([depth, isArray]) =>
          textBody(
            `${depth} nested ${isArray ? 'arrays' : 'objects'} in a field`,
            `${before}${isArray ? deep(depth, '[', ']') : deep(depth, '{"a":', '}', '1')}${after}`,
          ),
        ),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  )
  // About one request in 400 carries a giant: a few dozen over the run, not thousands.
  return fc.oneof(
    { weight: 399, arbitrary: normal },
    { weight: 1, arbitrary: fc.constantFrom(...giantsFor(operationId)) },
  )
}

/** A real worker id, to derive the near misses from (spec §2.1: prefix and length). */
const WORKER_ID = 'wrk_01h2xcejqtf2nbrexx3vqjhp41'
const SUFFIX = WORKER_ID.slice(ID_PREFIX.worker.length + 1)

const hostileId = fc.oneof(
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

const query = fc.oneof(
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

const OTHER_METHODS = ['GET', 'PUT', 'DELETE', 'OPTIONS', 'HEAD', 'FOO', 'PROPFIND']
const methodAround = (method: string) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(method) },
    { weight: 1, arbitrary: fc.constantFrom('POST', 'PATCH', ...OTHER_METHODS) },
  )

const headersAround = (auth: 'valid' | 'any') =>
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
const createdRef = (fromLatest: number) => `{created:${fromLatest}}`
/** Well-formed (prefix and length, spec §2.1) and never created. */
const UNKNOWN_WORKER_ID = `${ID_PREFIX.worker}_${'0'.repeat(SUFFIX.length)}`

/** CORS preflights: an OPTIONS with the headers a browser sends, at any path. */
const preflightHeaders = fc
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
const apiRequest = (app: MockApp, auth: 'valid' | 'any') => {
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
const adminRequest = (app: MockApp) =>
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

/** The request with its `{created:N}` reference replaced by a worker id the run created. */
const resolve = (request: HostileRequest, created: readonly string[]) =>
  hostile({
    ...request,
    path: request.path.replace(
      /\{created:(\d+)\}/,
      (_, fromLatest: string) => created.at(-1 - Number(fromLatest)) ?? UNKNOWN_WORKER_ID,
    ),
  })

const toRequest = ({ method, path, headers, body }: HostileRequest) => {
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
const judge = async (
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
