// The hostile fuzz of the mock (robustness.test.ts): the bodies it sends, near-valid ones read
// from each operation's schema, every kind of hostile text and bytes, and a few giants.
import fc from 'fast-check'
import { type OperationId, operations } from '../../src/api/operations.js'
import { arbitraryOf } from '../../src/contract/arbitraries.js'
import { type JsonSchema, jsonSchemaOf } from '../../src/contract/json-schema.js'
import { limitsOf, limitsOfJsonSchema } from '../../src/contract/limits.js'
import { MAX_BODY_BYTES } from '../../src/mock/app.js'
import { makeId, minimalBody, operation } from '../helpers/requests.js'

export const KIB = 1024

export type Body = { readonly label: string; readonly bytes: Uint8Array<ArrayBuffer> }

export type HostileRequest = {
  readonly method: string
  /** Path and query, as sent (the URL parser normalizes what it must). */
  readonly path: string
  readonly headers: readonly (readonly [string, string])[]
  readonly body: Body | undefined
}

export const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text

export const describeRequest = ({ method, path, headers, body }: HostileRequest) =>
  [
    `${method} ${cut(path, 160)}`,
    ...headers.map(([name, value]) => `  ${name}: ${cut(value, 60)}`),
    `  body: ${body ? `${body.label} (${body.bytes.byteLength} bytes)` : 'none'}`,
  ].join('\n')

/** A request that fast-check prints as its summary, not as a megabyte of bytes. */
export const hostile = (request: HostileRequest): HostileRequest & fc.WithToStringMethod => ({
  ...request,
  [fc.toStringMethod]: () => describeRequest(request),
})

const encoder = new TextEncoder()
const utf8 = (text: string) => encoder.encode(text)
export const textBody = (label: string, text: string): Body => ({
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

export const deep = (depth: number, open: string, close: string, leaf = '') =>
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
export const giantsFor = (operationId: OperationId) => GIANTS.get(operationId) ?? []

/** Strings at and one past every length bound of the three bodies, read from their schemas. */
const BOUNDARY_STRINGS = [
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
export const bodyFor = (operationId: OperationId): fc.Arbitrary<Body | undefined> => {
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
