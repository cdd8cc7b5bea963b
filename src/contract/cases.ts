import type { z } from '@hono/zod-openapi'
import fc from 'fast-check'
import { operationEntry } from '../api/operation-table.js'
import { type Operation, type OperationId, operations } from '../api/operations.js'
import { jsonPointer } from '../common/json-pointer.js'
import { Destination } from '../schemas/worker.js'
import { arbitraryOf, typeIdArbitrary } from './arbitraries.js'
import type { RuleKind } from './coverage-rules.js'
import { brokenBoundOf, describePath, invalidCasesOf, unitOf } from './invalid-cases.js'
import { type JsonSchema, jsonSchemaOf, literalPrefixOf } from './json-schema.js'
import { createLazySamples } from './lazy-samples.js'
import {
  boundarySizes,
  type IdMaker,
  limitsOfJsonSchema,
  type Path,
  validValue,
  withValueAt,
} from './limits.js'

/**
 * What a correct server must do with a case: accept it (2xx) or reject it (4xx). `unknown`: only
 * for traffic the suite did not write (the proxy), where a valid request may name ids the target
 * does not hold; the checks that judge an expectation leave such an exchange alone.
 */
export type Expectation = 'accept' | 'reject' | 'unknown'

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
const FILLER = 'x'
/** Destinations that may provision a real machine on the target. */
const PROVISIONING_DESTINATIONS: readonly string[] = [Destination.enum.cloud]

/** A deterministic id maker from the run's seed (ids the suite sends are real TypeIDs). */
export const seededIdMaker = (seed: number): IdMaker => {
  let n = 0
  return (prefix) => fc.sample(typeIdArbitrary(prefix), { seed: seed + n++, numRuns: 1 })[0] ?? ''
}

/**
 * Longer than any bound the spec sets (255) for a string the spec leaves without a maximum: a
 * server that invents a limit there breaks the contract.
 */
const UNBOUNDED_STRING_LENGTH = 1024

/** Top-level string fields with no maximum, no pattern and no enum. */
const unboundedStringsOf = (schema: JsonSchema): string[] =>
  Object.entries(schema.properties ?? {})
    .filter(
      ([, p]) =>
        p.type === 'string' && p.maxLength === undefined && p.pattern === undefined && !p.enum,
    )
    .map(([key]) => key)

/**
 * Short (far below any bound, in UTF-16 units or code points) text that real stores break: astral
 * characters (MySQL utf8mb3 stores "?"), an emoji ZWJ sequence, a decomposed é (a server may store
 * it composed: the checks compare in NFC), Hebrew and a zero-width space. No NUL or control
 * characters: the spec gives no reason to expect a store to keep them.
 */
const UNUSUAL_TEXT = 'Grüße 𝄞 😀 👩\u200d💻 e\u0301 漢字 עברית a\u200bb'

/** Top-level string fields with no pattern and no enum: any text fits them. */
const freeTextStringsOf = (schema: JsonSchema): string[] =>
  Object.entries(schema.properties ?? {})
    .filter(([, p]) => p.type === 'string' && p.pattern === undefined && !p.enum)
    .map(([key]) => key)

const without = (root: unknown, path: Path): unknown => {
  const [head, ...rest] = path
  if (typeof root !== 'object' || root === null || head === undefined) return root
  if (rest.length === 0)
    return Object.fromEntries(Object.entries(root).filter(([key]) => key !== String(head)))
  return { ...root, [head]: without(Reflect.get(root, head), rest) }
}

/**
 * Every case of every operation, in a stable order, from the schemas alone. The body of a
 * generated case is generated when it is read (as the case is sent), not here: a large `--runs`
 * costs nothing for the cases the create budget or the run's bound leave unsent, and no body is
 * held for the whole run.
 */
export const buildCases = (options: CaseOptions): Case[] => {
  const makeId = seededIdMaker(options.seed)
  const cases: Case[] = []
  for (const operation of operations) {
    const operationId = operation.operationId
    let count = 0
    const nextId = () => `${operationId}#${++count}`
    const bodySchema = jsonSchemaOf(bodySchemaOf(operation))
    const nameMax = bodySchema.properties?.[NAME]?.maxLength
    /** Worker names carry the run's prefix, cut to the field's maximum. */
    const labelled = (body: unknown): unknown => {
      if (typeof body !== 'object' || body === null || !(NAME in body)) return body
      const name = Reflect.get(body, NAME)
      if (typeof name !== 'string') return body
      const value = `${options.namePrefix} ${name}`
      return { ...body, [NAME]: nameMax === undefined ? value : value.slice(0, nameMax) }
    }
    const destinations = (bodySchema.properties?.['destination']?.enum ?? []).filter(
      (d) => options.allowCloud || !PROVISIONING_DESTINATIONS.includes(String(d)),
    )
    const overrides =
      destinations.length > 0 ? { destination: fc.constantFrom(...destinations) } : {}
    const base = labelled(validValue(bodySchema, makeId))
    const add = (c: Omit<Case, 'id' | 'operationId'>) =>
      cases.push({ ...c, operationId, id: nextId() })

    // Valid, generated within every constraint, each when its body is first read.
    const samples = createLazySamples(arbitraryOf(bodySchema, overrides).map(labelled), options)
    for (let i = 0; i < options.runs; i++) {
      cases.push({
        kind: 'generated',
        title: `generated valid body ${i + 1}/${options.runs}`,
        expect: 'accept',
        get body() {
          return { json: samples.at(i) }
        },
        operationId,
        id: nextId(),
      })
    }

    // Valid, at each bound of the body.
    for (const limit of limitsOfJsonSchema(bodySchema, makeId)) {
      for (const { size, isValid } of boundarySizes(limit)) {
        const body = withValueAt(base, limit.path, limit.valueOfSize(size))
        const title = `${limit.pointer.slice(1)} with ${size} ${unitOf(limit, size)}`
        if (isValid) add({ kind: 'boundary', title, expect: 'accept', body: { json: body } })
        else
          add({
            kind: 'invalid',
            title,
            expect: 'reject',
            body: { json: body },
            brokenPointer: `/body${limit.pointer}`,
            breaks: brokenBoundOf(limit, size),
          })
      }
      // An item's broken bound again behind a valid item: a server must judge every item.
      const index = limit.path.at(-1)
      if (typeof index === 'number') {
        const at = [...limit.path.slice(0, -1), index + 1]
        const valid = withValueAt(base, limit.path, limit.valueOfSize(limit.min ?? limit.max ?? 0))
        for (const { size } of boundarySizes(limit).filter((s) => !s.isValid)) {
          add({
            kind: 'invalid',
            title: `${describePath(at)} with ${size} ${unitOf(limit, size)} after a valid item`,
            expect: 'reject',
            body: { json: withValueAt(valid, at, limit.valueOfSize(size)) },
            brokenPointer: `/body${jsonPointer(at)}`,
            breaks: brokenBoundOf(limit, size),
          })
        }
      }
    }

    // Valid: long values where the spec sets no maximum.
    for (const key of unboundedStringsOf(bodySchema)) {
      add({
        kind: 'boundary',
        title: `${key} with ${UNBOUNDED_STRING_LENGTH} characters (no maximum)`,
        expect: 'accept',
        body: { json: labelled(withValueAt(base, [key], FILLER.repeat(UNBOUNDED_STRING_LENGTH))) },
      })
    }

    // Valid: text a byte-, BMP- or ASCII-minded store mangles, in every free-text string at once
    // (each led by its key: an apiKey must not equal a field that is echoed).
    const freeText = freeTextStringsOf(bodySchema)
    if (freeText.length > 0) {
      add({
        kind: 'boundary',
        title: `${freeText.join(', ')} with characters outside the BMP, combining and right-to-left`,
        expect: 'accept',
        body: {
          json: labelled(
            freeText.reduce(
              (body, key) => withValueAt(body, [key], `${key} ${UNUSUAL_TEXT}`),
              base,
            ),
          ),
        },
      })
    }

    // Invalid: one broken constraint at a time (types, enums, patterns, required fields, items).
    for (const broken of invalidCasesOf(bodySchema, base, makeId)) {
      const prepared = broken.before
        ? withValueAt(base, broken.before.path, broken.before.value)
        : base
      const body = broken.remove
        ? without(prepared, broken.path)
        : withValueAt(prepared, broken.path, broken.value)
      add({
        kind: 'invalid',
        title: broken.title,
        expect: 'reject',
        body: { json: body },
        brokenPointer: `/body${jsonPointer(broken.path)}`,
        breaks: broken.breaks,
      })
    }

    // Not a JSON object at all.
    for (const [title, raw] of [
      ['malformed JSON', '{"name": '],
      ['a JSON array as the body', '[]'],
      ['a JSON string as the body', '"body"'],
      ['null as the body', 'null'],
    ] as const) {
      add({
        kind: 'malformed',
        title,
        expect: 'reject',
        body: { raw },
        brokenPointer: '/body',
        breaks: 'type',
      })
    }

    // Malformed path ids: wrong prefix, one character short, one too long.
    const params = paramsSchemaOf(operation)
    if (params) {
      const paramsSchema = jsonSchemaOf(params)
      for (const [name, schema] of Object.entries(paramsSchema.properties ?? {})) {
        const broken = invalidCasesOf(schema, undefined, makeId, [name]).filter(
          (c) => c.breaks === 'pattern',
        )
        const lengths = limitsOfJsonSchema(schema, makeId).flatMap((limit) =>
          boundarySizes(limit)
            .filter((s) => !s.isValid)
            .map(({ size }) => ({
              title: `${name} with ${size} character${size === 1 ? '' : 's'}`,
              breaks: brokenBoundOf(limit, size),
              value: limit.valueOfSize(size),
            })),
        )
        for (const { title, breaks, value } of [...broken, ...lengths]) {
          add({
            kind: 'invalid',
            title: title.replace(/^\/?/, 'path '),
            expect: 'reject',
            body: { json: base },
            params: { [name]: String(value) },
            brokenPointer: `/params/${name}`,
            breaks,
          })
        }
        // A well-formed id that names nothing (the others stay valid).
        const prefix = literalPrefixOf(schema.pattern)?.replace(/_$/, '') ?? ''
        add({
          kind: 'unknown-id',
          title: `unknown well-formed ${name}`,
          expect: 'reject',
          body: { json: base },
          params: { [name]: makeId(prefix) },
        })
      }
    }
  }
  return cases
}
