import type { z } from '@hono/zod-openapi'
import fc from 'fast-check'
import { operationEntry } from '../api/operation-table.js'
import { type Operation, type OperationId, operations } from '../api/operations.js'
import { stampUuidV7 } from '../common/stamp-uuid-v7.js'
import { typeIdOf } from '../common/type-id.js'
import { Destination } from '../schemas/worker.js'
import { arbitraryOf } from './arbitraries.js'
import { type ClassTarget, catalogueCasesOf } from './catalogue/index.js'
import type { RuleKind } from './coverage-rules.js'
import { type JsonSchema, jsonSchemaOf, literalPrefixOf } from './json-schema.js'
import { createLazySamples } from './lazy-samples.js'
import { type IdMaker, validValue } from './limits.js'

/**
 * What a correct server must do with a case: accept it (2xx) or reject it (4xx). `either`: a class
 * of the catalogue the spec reads two ways (docs/CATALOGUE.md): no status is judged, but a 5xx is
 * a finding and an answer it accepts must be right. `unknown`: only for traffic the suite did not
 * write (the proxy), where a valid request may name ids the target does not hold; the checks that
 * judge an expectation leave such an exchange alone.
 */
export type Expectation = 'accept' | 'reject' | 'either' | 'unknown'

export type CaseKind =
  | 'generated' // valid, generated within every constraint
  | 'boundary' // valid, at a bound
  | 'invalid' // one constraint broken
  | 'malformed' // not JSON / not an object
  | 'unknown-id' // well-formed id that names nothing
  | 'observed' // a request the suite saw pass (the proxy), not one it wrote

export type Case = {
  readonly id: string
  readonly operationId: OperationId
  readonly kind: CaseKind
  readonly title: string
  readonly expect: Expectation
  /** The body: a JSON value to serialise, or raw text. */
  readonly body: { readonly json: unknown } | { readonly raw: string }
  /** Path parameters that replace the valid ones (invalid or unknown ids). */
  readonly params?: Readonly<Record<string, string>>
  /** Where the broken constraint is, as a request pointer (`/body/name`, `/params/id`). */
  readonly brokenPointer?: string
  /** The constraint it breaks there (cases the suite writes to be rejected for one). */
  readonly breaks?: RuleKind
  /** The catalogue's class of values it sends (docs/CATALOGUE.md), and the rules it speaks about. */
  readonly valueClass?: string
  readonly targets?: readonly ClassTarget[]
  /** Path ids made from the real ones as the case is sent (a real id one character longer). */
  readonly deriveParams?: Readonly<Record<string, (realId: string) => string>>
  /** Why the run does not send it (a cloud worker without --allow-cloud): listed as withheld. */
  readonly withheld?: string
  /** The Content-Type it is sent with, when not `application/json`. */
  readonly contentType?: string
}

export type CaseOptions = {
  readonly seed: number
  /** Generated valid inputs per operation. */
  readonly runs: number
  /** Also create `cloud` workers (which may provision real machines). */
  readonly allowCloud: boolean
  /** Prefix of every generated worker name, so a run's workers can be found and cleaned up. */
  readonly namePrefix: string
}

export const bodySchemaOf = (operation: Operation): z.ZodType =>
  operationEntry(operation.operationId).bodySchema

export const paramsSchemaOf = (operation: Operation): z.ZodType | undefined =>
  operationEntry(operation.operationId).paramsSchema

const NAME = 'name'
/** Destinations that may provision a real machine on the target. */
const PROVISIONING_DESTINATIONS: readonly string[] = [Destination.enum.cloud]

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
const fullValue = (
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
const apiWide = () => {
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

/**
 * The arbitrary of an operation's valid bodies (before the run's name prefix), one per operation
 * and destinations allowed: the same object on every run, under which createLazySamples keeps a
 * small sample for the runs that follow.
 */
const generators = new Map<string, fc.Arbitrary<unknown>>()
const generatorOf = (
  operationId: OperationId,
  bodySchema: JsonSchema,
  destinations: readonly unknown[],
): fc.Arbitrary<unknown> => {
  const key = `${operationId} ${destinations.join(',')}`
  const found = generators.get(key)
  if (found) return found
  const overrides = destinations.length > 0 ? { destination: fc.constantFrom(...destinations) } : {}
  const made = arbitraryOf(bodySchema, overrides)
  generators.set(key, made)
  return made
}

/**
 * Every case of every operation, in a stable order, from the schemas alone: the catalogue's
 * classes (docs/CATALOGUE.md), the same in every run, then `runs` generated valid bodies from the
 * seed. The body of a generated case is generated when it is read (as the case is sent), not here:
 * a large `--runs` costs nothing for the cases the create budget or the run's bound leave unsent,
 * and no body is held for the whole run.
 */
export const buildCases = (options: CaseOptions): Case[] => {
  const makeId = seededIdMaker(options.seed)
  const { idPrefixes, largestItemBound } = apiWide()
  const withheld = (value: unknown) =>
    !options.allowCloud && PROVISIONING_DESTINATIONS.includes(String(value))
      ? `${String(value)} workers may provision machines: pass --allow-cloud`
      : undefined
  const cases: Case[] = []
  for (const operation of operations) {
    const operationId = operation.operationId
    let count = 0
    const nextId = () => `${operationId}#${++count}`
    const bodySchema = jsonSchemaOf(bodySchemaOf(operation))
    const params = paramsSchemaOf(operation)
    const nameMax = bodySchema.properties?.[NAME]?.maxLength
    /** Worker names carry the run's prefix, cut to the field's maximum. */
    const labelled = (body: unknown): unknown => {
      if (typeof body !== 'object' || body === null || !(NAME in body)) return body
      const name = Reflect.get(body, NAME)
      if (typeof name !== 'string') return body
      const value = `${options.namePrefix} ${name}`
      return { ...body, [NAME]: nameMax === undefined ? value : value.slice(0, nameMax) }
    }

    // The catalogue: every class of values, on every field it applies to, whatever the seed.
    for (const c of catalogueCasesOf({
      bodySchema,
      paramsSchema: params ? jsonSchemaOf(params) : undefined,
      valid: labelled(validValue(bodySchema, makeId)),
      full: labelled(fullValue(bodySchema, makeId, withheld)),
      makeId,
      idPrefixes,
      largestItemBound,
      withheld,
    })) {
      cases.push({
        id: nextId(),
        operationId,
        kind: c.isUnknownId
          ? 'unknown-id'
          : c.expect !== 'reject'
            ? 'boundary'
            : c.brokenPointer === '/body'
              ? 'malformed'
              : 'invalid',
        title: c.title,
        expect: c.expect,
        body: c.body,
        valueClass: c.valueClass,
        targets: c.targets,
        ...(c.params ? { params: c.params } : {}),
        ...(c.deriveParams ? { deriveParams: c.deriveParams } : {}),
        ...(c.brokenPointer ? { brokenPointer: c.brokenPointer } : {}),
        ...(c.breaks ? { breaks: c.breaks } : {}),
        ...(c.withheld ? { withheld: c.withheld } : {}),
        ...(c.contentType ? { contentType: c.contentType } : {}),
      })
    }

    // Valid, generated within every constraint from the seed, each when its body is first read.
    const destinations = (bodySchema.properties?.['destination']?.enum ?? []).filter(
      (d) => withheld(d) === undefined,
    )
    const samples = createLazySamples(generatorOf(operationId, bodySchema, destinations), options)
    /** Each sample labelled once, so that a case's body reads as the same value every time. */
    const labelledSamples = new WeakMap<object, unknown>()
    const labelledAt = (index: number) => {
      const sample = samples.at(index)
      if (typeof sample !== 'object' || sample === null) return labelled(sample)
      const found = labelledSamples.get(sample)
      if (found !== undefined) return found
      const value = labelled(sample)
      labelledSamples.set(sample, value)
      return value
    }
    for (let i = 0; i < options.runs; i++) {
      cases.push({
        kind: 'generated',
        title: `generated valid body ${i + 1}/${options.runs}`,
        expect: 'accept',
        get body() {
          return { json: labelledAt(i) }
        },
        operationId,
        id: nextId(),
      })
    }
  }
  return cases
}
