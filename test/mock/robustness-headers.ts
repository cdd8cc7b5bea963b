// The hostile fuzz of the mock (robustness.test.ts): the headers, ids, queries and methods it
// sends around its bodies.
import fc from 'fast-check'
import { typeIdArbitrary } from '../../src/contract/arbitraries.js'
import { ID_PREFIX } from '../../src/schemas/ids.js'
import { KIB } from './robustness-bodies.js'

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

export const SCENARIO_NAMES = ['default', 'empty', 'slow', 'cloud-provisioning', 'rate-limited']
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

/** A real worker id, to derive the near misses from (spec §2.1: prefix and length). */
const WORKER_ID = 'wrk_01h2xcejqtf2nbrexx3vqjhp41'
const SUFFIX = WORKER_ID.slice(ID_PREFIX.worker.length + 1)

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
