import fc from 'fast-check'
import { operations } from '../../../src/api/operations.js'
import { limitsOf } from '../../../src/contract/limits.js'
import { makeId } from '../../helpers/requests.js'
import { KIB } from './hostile-request.js'

export const JSON_TYPES = ['application/json', 'application/json; charset=utf-8']
export const CONTENT_TYPES = [
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
export const scenarioHeader = fc.constantFrom(
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
export const SESSIONS = ['fuzz-1', 'fuzz-2', 'A.b_c:d-e', 'x'.repeat(128)]
export const sessionHeader = fc.oneof(
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
export const BEARERS = [
  'Bearer fuzz-token',
  'Bearer other-token',
  'bearer fuzz-token',
  'Bearer a.b~c+/=',
]
export const authorizationHeader = fc.oneof(
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
export const extraHeader = fc.oneof(
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
export const BOUNDARY_STRINGS = [
  ...new Set(
    operations
      .flatMap((o) => limitsOf(o.request.body.content['application/json'].schema, makeId))
      .flatMap(({ kind, max }) => (kind === 'length' && max !== undefined ? [max, max + 1] : [])),
  ),
].flatMap((length) => ['x'.repeat(length), '💥'.repeat(length)])

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
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
