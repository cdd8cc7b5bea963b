import fc from 'fast-check'
import type { OperationId } from '../../../src/api/operations.js'

import { arbitraryOf } from '../../../src/contract/arbitraries.js'
import { type JsonSchema, jsonSchemaOf } from '../../../src/contract/json-schema.js'
import { limitsOfJsonSchema } from '../../../src/contract/limits.js'
import { makeId, operation } from '../../helpers/requests.js'
import { hostileValue } from './hostile-headers.js'
import {
  type Body,
  concat,
  deep,
  giantsFor,
  templateOf,
  textBody,
  utf8,
} from './hostile-request.js'

/** Longer strings and arrays are generated once, at their maximum, not char by char each run. */
export const SHORT = 40

/** Valid values of a field: short ones mostly, now and then the one at its maximum size. */
export const validOf = (property: JsonSchema): fc.Arbitrary<unknown> => {
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

export const HOSTILE_KEYS = ['__proto__', 'constructor', 'toString', 'apiKey', 'tokens', '']

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
