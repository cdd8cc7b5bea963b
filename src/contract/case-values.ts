import type { z } from '@hono/zod-openapi'
import { operationEntry } from '../api/operation-table.js'
import { type Operation, operations } from '../api/operations.js'
import { stampUuidV7 } from '../common/stamp-uuid-v7.js'
import { typeIdOf } from '../common/type-id.js'
import { Destination } from '../schemas/worker.js'
import { type JsonSchema, jsonSchemaOf, literalPrefixOf } from './json-schema.js'
import { type IdMaker, validValue } from './limits.js'

// The values the suite's cases are made of, from the schemas alone: the ids it sends, a valid body
// with every property, and what the catalogue reads across the API.

export const bodySchemaOf = (operation: Operation): z.ZodType =>
  operationEntry(operation.operationId).bodySchema

export const paramsSchemaOf = (operation: Operation): z.ZodType | undefined =>
  operationEntry(operation.operationId).paramsSchema

export const NAME = 'name'
/** Destinations that may provision a real machine on the target. */
export const PROVISIONING_DESTINATIONS: readonly string[] = [Destination.enum.cloud]

/**
 * A deterministic id maker from the run's seed (ids the suite sends are real TypeIDs). Bytes from
 * a small seeded generator (mulberry32), not one `fc.sample` per id: a run makes a few thousand
 * ids (an array at its 500-item bound), and a sample each cost ~0.2 ms (typeid-js's encoder alone
 * ~20 µs: the kit's own encoder, checked against it, ~0.3 µs).
 */
export const seededIdMaker = (seed: number): IdMaker => {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = Math.imul(state ^ (state >>> 15), state | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
  return (prefix) => {
    const bytes = new Uint8Array(16)
    for (let i = 0; i < 16; i += 4) {
      const word = next() // big-endian, as DataView's setUint32 writes it
      bytes[i] = word >>> 24
      bytes[i + 1] = (word >>> 16) & 0xff
      bytes[i + 2] = (word >>> 8) & 0xff
      bytes[i + 3] = word & 0xff
    }
    return typeIdOf(prefix, stampUuidV7(bytes))
  }
}

/**
 * A valid value with every property the schema names: enums at their last value the run may send
 * (the minimal body has the first), arrays with one item, strings at their minimum.
 */
export const fullValue = (
  schema: JsonSchema,
  makeId: IdMaker,
  withheld: (value: unknown) => string | undefined,
): unknown => {
  if (schema.enum && schema.enum.length > 0)
    return schema.enum.filter((v) => withheld(v) === undefined).at(-1) ?? schema.enum[0]
  if (schema.type === 'object')
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, property]) => [
        key,
        fullValue(property, makeId, withheld),
      ]),
    )
  if (schema.type === 'array')
    return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () =>
      validValue(schema.items ?? {}, makeId),
    )
  return validValue(schema, makeId)
}

/** Every schema of every request (bodies and path parameters), walked down to its items. */
const requestSchemas = (): JsonSchema[] => {
  const walk = (schema: JsonSchema): JsonSchema[] => [
    schema,
    ...Object.values(schema.properties ?? {}).flatMap(walk),
    ...(schema.items ? walk(schema.items) : []),
  ]
  return operations.flatMap((operation) => {
    const params = paramsSchemaOf(operation)
    return [bodySchemaOf(operation), ...(params ? [params] : [])].flatMap((schema) =>
      walk(jsonSchemaOf(schema)),
    )
  })
}

/** What the catalogue reads across the API: the id prefixes and the largest item bound. */
export const apiWide = () => {
  const schemas = requestSchemas()
  return {
    idPrefixes: [
      ...new Set(
        schemas.flatMap((s) => {
          const prefix = literalPrefixOf(s.pattern)
          return prefix?.endsWith('_') ? [prefix.slice(0, -1)] : []
        }),
      ),
    ],
    largestItemBound: Math.max(0, ...schemas.map((s) => s.maxItems ?? 0)),
  }
}
