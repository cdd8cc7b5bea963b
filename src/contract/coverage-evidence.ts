import { isJsonRequestType } from '../common/media-type.js'
import type { Case } from './cases.js'
import type { Rule } from './coverage-rules.js'
import { sentBodyOf } from './exchange.js'
import type { JsonSchema } from './json-schema.js'

/** What one request shows about one rule. */
export type Evidence = {
  /** A request the server must reject, and it breaks this rule. */
  readonly isViolation: boolean
  /** A request the server must accept, with the value exactly at this rule's bound. */
  readonly isAtBound: boolean
  /** A request the server must accept, without this optional field. */
  readonly isOmission: boolean
}

const NONE: Evidence = { isViolation: false, isAtBound: false, isOmission: false }

/** Not JSON at all: no field can be read, and the body is not the object the spec asks for. */
const NOT_JSON = Symbol('not JSON')

const isObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Adds to `out` the values at `segments[from..end)` below `root` that are present. */
const collectAt = (
  root: unknown,
  segments: readonly string[],
  from: number,
  end: number,
  out: unknown[],
): unknown[] => {
  const head = segments[from]
  if (from >= end || head === undefined) {
    out.push(root)
    return out
  }
  if (head === '*') {
    if (Array.isArray(root)) for (const item of root) collectAt(item, segments, from + 1, end, out)
    return out
  }
  if (!isObject(root) || !Object.hasOwn(root, head)) return out
  return collectAt(Reflect.get(root, head), segments, from + 1, end, out)
}

/**
 * The values at the first `end` segments (`*`: every item of an array) that are present. Walked
 * by index: it runs for every rule on every exchange.
 */
const valuesAt = (root: unknown, segments: readonly string[], end = segments.length): unknown[] =>
  collectAt(root, segments, 0, end, [])

/** Whether a value has the JSON type a schema names. */
const hasType = (value: unknown, type: string | undefined): boolean => {
  switch (type) {
    case 'string':
      return typeof value === 'string'
    case 'boolean':
      return typeof value === 'boolean'
    case 'number':
      return typeof value === 'number'
    case 'integer':
      return Number.isInteger(value)
    case 'array':
      return Array.isArray(value)
    case 'object':
      return isObject(value)
    case 'null':
      return value === null
    default:
      return value !== NOT_JSON
  }
}

/** The spec's few patterns, compiled once each rather than once per value judged. */
const PATTERNS = new Map<string, RegExp>()
const patternOf = (source: string): RegExp => {
  let pattern = PATTERNS.get(source)
  if (!pattern) {
    pattern = new RegExp(source)
    PATTERNS.set(source, pattern)
  }
  return pattern
}

/** The size a bound rule measures, when the value is of the kind it measures. */
const sizeOf = (rule: Rule, value: unknown): number | undefined => {
  if ((rule.kind === 'min-length' || rule.kind === 'max-length') && typeof value === 'string')
    return value.length // ASCII in every sized case: UTF-16 units and code points agree
  if ((rule.kind === 'min-items' || rule.kind === 'max-items') && Array.isArray(value))
    return value.length
  return undefined
}

/** Whether a present value breaks the rule (a value of another type breaks only `type`). */
const breaks = (rule: Rule, schema: JsonSchema, value: unknown): boolean => {
  switch (rule.kind) {
    case 'type':
      return !hasType(value, schema.type)
    case 'enum':
      return hasType(value, schema.type) && !(schema.enum ?? []).includes(value)
    case 'pattern':
      return typeof value === 'string' && !patternOf(schema.pattern ?? '').test(value)
    case 'min-length':
    case 'min-items': {
      const size = sizeOf(rule, value)
      return size !== undefined && size < (rule.bound ?? 0)
    }
    case 'max-length':
    case 'max-items': {
      const size = sizeOf(rule, value)
      return size !== undefined && size > (rule.bound ?? Number.POSITIVE_INFINITY)
    }
    default:
      return false
  }
}

/** A request as the rules read it: the body parsed once, the path parameters used. */
export type SentParts = {
  readonly body: unknown
  readonly params: Readonly<Record<string, string>>
}

/** The body sent, as the exchange parsed it once (undefined: not JSON), and the path used. */
export const sentParts = (
  sentJson: unknown,
  params: Readonly<Record<string, string>>,
): SentParts => ({
  body: sentJson === undefined ? NOT_JSON : sentJson,
  params,
})

/** What a request shows about a request rule. */
const evidenceOf = (rule: Rule, c: Case, sent: SentParts): Evidence => {
  if (rule.part === 'response' || c.kind === 'unknown-id') return NONE
  // A body under another media type is not a JSON body, whatever its text: as a server reads it.
  const isJsonBody = c.contentType === undefined || isJsonRequestType(c.contentType)
  const root = rule.part === 'params' ? sent.params : isJsonBody ? sent.body : NOT_JSON
  const key = rule.segments.at(-1) ?? ''
  if (rule.kind === 'required' || rule.kind === 'optional') {
    const parents = valuesAt(root, rule.segments, rule.segments.length - 1).filter(isObject)
    const isMissing = parents.some((parent) => !Object.hasOwn(parent, key))
    return {
      isViolation: c.expect === 'reject' && rule.kind === 'required' && isMissing,
      isAtBound: false,
      isOmission: c.expect === 'accept' && rule.kind === 'optional' && isMissing,
    }
  }
  const values =
    root === NOT_JSON && rule.segments.length === 0 ? [NOT_JSON] : valuesAt(root, rule.segments)
  return {
    isViolation: c.expect === 'reject' && values.some((v) => breaks(rule, rule.schema, v)),
    isAtBound:
      c.expect === 'accept' &&
      rule.bound !== undefined &&
      values.some((v) => sizeOf(rule, v) === rule.bound),
    isOmission: false,
  }
}

/** A case's own body and path overrides, parsed once per case however many rules ask. */
const partsOfCase = new WeakMap<Case, SentParts>()

/** What a case not sent would have shown (its own body and path overrides only). */
export const evidenceOfCase = (rule: Rule, c: Case): Evidence => {
  let sent = partsOfCase.get(c)
  if (!sent) {
    sent = sentParts(sentBodyOf(c.body).sentJson, c.params ?? {})
    partsOfCase.set(c, sent)
  }
  return evidenceOf(rule, c, sent)
}

/**
 * `evidenceOf`, kept for each kept case (frozen: the catalogue's, shared by every run of a seed,
 * kept-catalogue.ts) and body rule: it reads only the case and the body it sends, the same on
 * every run (a rule must be the same object on each run: coverage.ts builds them once). Path
 * rules read the run's ids, and are worked out on each exchange.
 */
const keptEvidence = new WeakMap<Case, Map<Rule, Evidence>>()
export const evidenceOfSent = (rule: Rule, c: Case, sent: SentParts): Evidence => {
  if (rule.part !== 'body' || !Object.isFrozen(c)) return evidenceOf(rule, c, sent)
  let known = keptEvidence.get(c)
  if (!known) {
    known = new Map()
    keptEvidence.set(c, known)
  }
  let evidence = known.get(rule)
  if (!evidence) {
    evidence = evidenceOf(rule, c, sent)
    known.set(rule, evidence)
  }
  return evidence
}
