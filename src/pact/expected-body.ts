import { declaredAt } from '../api/declared-shape.js'
import type { OperationId } from '../api/operations.js'
import { DATE_TIME_PATTERN } from '../schemas/date-time.js'
import { REDACTED } from '../secrets/index.js'

// What a Pact interaction expects of a success body: the fields of the recorded answer that the
// spec declares, each matched by its JSON type, by the kit's pattern where the schema gives one
// (an id's), or by ISO 8601 for a date-time. A field the spec does not declare is the mock's
// choice where the spec is silent: a correct provider may answer it otherwise, so it is left out.

/** A Pact v4 matcher; `combine` is AND, as Pact writes it. */
type Matcher = {
  readonly match: 'type' | 'regex' | 'integer'
  readonly regex?: string
  readonly min?: number
}
export type MatchingRules = Record<
  string,
  { readonly combine: 'AND'; readonly matchers: readonly Matcher[] }
>

const MAX_DEPTH = 32

/** `$.worker.name`, `$.list[*]`, `$['a key']`: a place as Pact's JSON paths write it. */
const pathOf = (segments: readonly string[]) =>
  `$${segments
    .map((segment) =>
      segment === '[]'
        ? '[*]'
        : /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment)
          ? `.${segment}`
          : `['${segment.replaceAll("'", "\\'")}']`,
    )
    .join('')}`

/** A regular expression that matches exactly these strings. */
const oneOf = (values: readonly string[]) =>
  `^(?:${values.map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`

const matcherOf = (
  operationId: OperationId,
  segments: readonly string[],
  value: unknown,
): Matcher => {
  const declared = declaredAt(operationId, segments)
  const values = declared?.values?.filter((v): v is string => typeof v === 'string')
  if (typeof value === 'string' && values !== undefined && values.length > 0)
    return { match: 'regex', regex: oneOf(values) }
  if (typeof value === 'number' && declared?.isInteger === true) return { match: 'integer' }
  if (typeof value === 'string' && declared?.pattern !== undefined)
    return { match: 'regex', regex: declared.pattern } as const
  if (typeof value === 'string' && declared?.format === 'date-time')
    return { match: 'regex', regex: DATE_TIME_PATTERN } as const
  return { match: 'type' } as const
}

/**
 * Whether a leaf answers what the request sent under the same name (a name echoed back); never a
 * value the recording masked (the verifier sends a generated one there).
 */
const isEcho = (sent: unknown, key: string | undefined, value: unknown) =>
  key !== undefined &&
  !(typeof value === 'string' && value.includes(REDACTED)) &&
  typeof sent === 'object' &&
  sent !== null &&
  !Array.isArray(sent) &&
  Object.hasOwn(sent, key) &&
  Reflect.get(sent, key) === value

/**
 * The recorded success body cut to what the spec declares, and its matching rules: the body a
 * provider must answer in kind, whatever its values; a value the request sent under the same name
 * (the name a create or a rename sets) is expected as it is, with no matcher.
 */
export const expectedBody = (
  operationId: OperationId,
  recorded: unknown,
  sent: unknown,
): { readonly content: unknown; readonly rules: MatchingRules } => {
  const rules: MatchingRules = {}
  const walk = (value: unknown, segments: readonly string[], depth: number): unknown => {
    if (depth > MAX_DEPTH) return undefined
    const rule = (matcher: Matcher) => {
      rules[pathOf(segments)] = { combine: 'AND', matchers: [matcher] }
    }
    if (Array.isArray(value)) {
      // Any number of items, each of the kind of the recorded ones. (A type matcher on an object
      // would reach its fields too, Pact's matchers cascading: an echoed name would match any.)
      rule({ match: 'type', min: 0 })
      return value.map((item) => walk(item, [...segments, '[]'], depth + 1))
    }
    if (typeof value === 'object' && value !== null) {
      const kept: Record<string, unknown> = {}
      for (const [key, item] of Object.entries(value)) {
        if (declaredAt(operationId, [...segments, key]) === undefined) continue
        kept[key] = walk(item, [...segments, key], depth + 1)
      }
      return kept
    }
    if (segments.length > 0 && !isEcho(sent, segments.at(-1), value))
      rule(matcherOf(operationId, segments, value))
    return value
  }
  const content = walk(recorded, [], 0)
  return { content, rules }
}
