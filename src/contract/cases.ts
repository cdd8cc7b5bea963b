import fc from 'fast-check'
import { type OperationId, operations } from '../api/operations.js'
import { arbitraryOf } from './arbitraries.js'
import {
  apiWide,
  bodySchemaOf,
  fullValue,
  NAME,
  PROVISIONING_DESTINATIONS,
  paramsSchemaOf,
  seededIdMaker,
} from './case-values.js'
import { type ClassTarget, catalogueCasesOf } from './catalogue/index.js'
import type { RuleKind } from './coverage-rules.js'
import { type JsonSchema, jsonSchemaOf } from './json-schema.js'
import { createKeptCatalogue, relabelledJson } from './kept-catalogue.js'
import { createLazySamples } from './lazy-samples.js'
import { validValue } from './limits.js'

export { bodySchemaOf, paramsSchemaOf, seededIdMaker }

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

/** Why a run does not send a value (a cloud worker without --allow-cloud), if it does not. */
const withheldBy =
  (allowCloud: boolean) =>
  (value: unknown): string | undefined =>
    !allowCloud && PROVISIONING_DESTINATIONS.includes(String(value))
      ? `${String(value)} workers may provision machines: pass --allow-cloud`
      : undefined

/** Worker names carry the run's prefix, cut to the field's maximum. */
const labelledBy =
  (namePrefix: string, bodySchema: JsonSchema) =>
  (body: unknown): unknown => {
    if (typeof body !== 'object' || body === null || !(NAME in body)) return body
    const name = Reflect.get(body, NAME)
    if (typeof name !== 'string') return body
    const value = `${namePrefix} ${name}`
    const nameMax = bodySchema.properties?.[NAME]?.maxLength
    return { ...body, [NAME]: nameMax === undefined ? value : value.slice(0, nameMax) }
  }

/**
 * The catalogue's cases of every operation (docs/CATALOGUE.md), numbered: every class of values,
 * on every field it applies to, whatever the seed; ids from the seed, names with the prefix.
 */
const catalogueCases = (
  { seed, allowCloud }: Pick<CaseOptions, 'seed' | 'allowCloud'>,
  namePrefix: string,
): Case[][] => {
  const makeId = seededIdMaker(seed)
  const { idPrefixes, largestItemBound } = apiWide()
  const withheld = withheldBy(allowCloud)
  return operations.map((operation) => {
    const operationId = operation.operationId
    const bodySchema = jsonSchemaOf(bodySchemaOf(operation))
    const params = paramsSchemaOf(operation)
    const labelled = labelledBy(namePrefix, bodySchema)
    return catalogueCasesOf({
      bodySchema,
      paramsSchema: params ? jsonSchemaOf(params) : undefined,
      valid: labelled(validValue(bodySchema, makeId)),
      full: labelled(fullValue(bodySchema, makeId, withheld)),
      makeId,
      idPrefixes,
      largestItemBound,
      withheld,
    }).map(
      (c, index): Case => ({
        id: `${operationId}#${index + 1}`,
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
      }),
    )
  })
}

/**
 * Every string of a case that could hold the name prefix, with `from` written as `to`; a case
 * that holds none is the kept one itself, so that what is worked out once per kept body (its
 * text, exchange.ts) is found again on the runs that follow.
 */
const relabelledCase = (c: Case, from: string, to: string): Case => {
  const text = (value: string) => (value.includes(from) ? value.replaceAll(from, to) : value)
  const texts = <K extends string>(record: Readonly<Record<K, string>>) =>
    Object.fromEntries(Object.entries<string>(record).map(([key, value]) => [key, text(value)]))
  const title = text(c.title)
  const json = 'json' in c.body ? relabelledJson(c.body.json, from, to) : undefined
  const body =
    'json' in c.body
      ? json === c.body.json
        ? c.body
        : { json }
      : c.body.raw.includes(from)
        ? { raw: text(c.body.raw) }
        : c.body
  const holdsInParams = Object.values<string>(c.params ?? {}).some((value) => value.includes(from))
  if (title === c.title && body === c.body && !holdsInParams) return c
  return {
    ...c,
    title,
    body,
    ...(c.params ? { params: holdsInParams ? texts(c.params) : c.params } : {}),
  }
}

/** The catalogue of a seed, kept for the runs that follow in this process (kept-catalogue.ts). */
const keptCatalogue = createKeptCatalogue(
  catalogueCases,
  (built, from, to) => built.map((cases) => cases.map((c) => relabelledCase(c, from, to))),
  ({ seed, allowCloud }) => `${seed} ${allowCloud}`,
)

/**
 * Every case of every operation, in a stable order, from the schemas alone: the catalogue's
 * classes (docs/CATALOGUE.md), the same in every run, then `runs` generated valid bodies from the
 * seed. The body of a generated case is generated when it is read (as the case is sent), not here:
 * a large `--runs` costs nothing for the cases the create budget or the run's bound leave unsent,
 * and no body is held for the whole run.
 */
export const buildCases = (options: CaseOptions): Case[] => {
  const withheld = withheldBy(options.allowCloud)
  const catalogue = keptCatalogue(
    { seed: options.seed, allowCloud: options.allowCloud },
    options.namePrefix,
  )
  return operations.flatMap((operation, index) => {
    const operationId = operation.operationId
    const classCases = catalogue[index] ?? []
    const bodySchema = jsonSchemaOf(bodySchemaOf(operation))
    const labelled = labelledBy(options.namePrefix, bodySchema)
    // Valid, generated within every constraint from the seed, each when its body is first read.
    const destinations = (bodySchema.properties?.['destination']?.enum ?? []).filter(
      (d) => withheld(d) === undefined,
    )
    const samples = createLazySamples(generatorOf(operationId, bodySchema, destinations), options)
    /** Each sample labelled once, so that a case's body reads as the same value every time. */
    const labelledSamples = new WeakMap<object, unknown>()
    const labelledAt = (i: number) => {
      const sample = samples.at(i)
      if (typeof sample !== 'object' || sample === null) return labelled(sample)
      const found = labelledSamples.get(sample)
      if (found !== undefined) return found
      const value = labelled(sample)
      labelledSamples.set(sample, value)
      return value
    }
    const generated = Array.from(
      { length: options.runs },
      (_, i): Case => ({
        kind: 'generated',
        title: `generated valid body ${i + 1}/${options.runs}`,
        expect: 'accept',
        get body() {
          return { json: labelledAt(i) }
        },
        operationId,
        id: `${operationId}#${classCases.length + i + 1}`,
      }),
    )
    return [...classCases, ...generated]
  })
}
