import type { RuleKind } from '../coverage-rules.js'
import type { JsonSchema } from '../json-schema.js'
import type { IdMaker, Path } from '../limits.js'

/** The JSON Schema keyword (or the part of the request) a class is derived from. */
export type Keyword =
  | 'minLength'
  | 'maxLength'
  | 'string'
  | 'enum'
  | 'pattern'
  | 'type'
  | 'minItems'
  | 'maxItems'
  | 'items'
  | 'required'
  | 'properties'
  | 'body'
  | 'path id'
  /** Two rules at once (pair-class.ts). */
  | 'two rules'

/** One field of a request: where it is, its schema, and what the run knows around it. */
export type Field = {
  /** Where the field is in its part (`['modelIds', 0]`, `['id']`). */
  readonly path: Path
  readonly schema: JsonSchema
  /** A path parameter (an id in the URL), not a body field. */
  readonly isParam: boolean
  readonly makeId: IdMaker
  /** Every id prefix the API's schemas name (`wrk_`, `om_`, …), for ids of another kind. */
  readonly idPrefixes: readonly string[]
  /** Largest item bound of the request schemas, the base of "more items than any bound". */
  readonly largestItemBound: number
  /** Why a run must not send this enum value (a cloud destination without --allow-cloud). */
  readonly withheld: (value: unknown) => string | undefined
  /** For an array: bad items (the item's own values to reject), each with the rule it breaks. */
  readonly badItems: readonly { readonly value: unknown; readonly breaks: RuleKind }[]
}

/**
 * A value a class puts at a field. `escaped`: the text is written into the body with every
 * character as a `\uXXXX` escape (the same JSON value, other bytes). `derive`: for a path id, the
 * value is made from the id of the resource the run really uses (known only when it is sent).
 */
export type ClassValue =
  | {
      readonly value: unknown
      /** Says which of a class's values this is, in the case's title (`UPPER CASE`). */
      readonly label?: string
      /** Written with escapes: every character (`all`), or JSON's other spellings (`mixed`). */
      readonly escaped?: 'all' | 'mixed'
      /** Below the field, where the value breaks its rule (a bad item: `[2]`). */
      readonly brokenAt?: Path
      /** The rule it breaks, for a class whose values break different rules (`item`). */
      readonly breaks?: RuleKind
    }
  | { readonly derive: (realId: string) => string; readonly label?: string }
  /** The whole body as text, made from the valid body (only at the body itself): not JSON. */
  | {
      readonly raw: (valid: unknown) => string
      readonly label?: string
      /** Sent with this Content-Type instead of `application/json`. */
      readonly contentType?: string
    }
  /** The whole body, made from the valid one (only at the body itself): a property left out. */
  | {
      readonly body: (valid: unknown) => unknown
      readonly label?: string
      readonly brokenAt?: Path
    }

/** One class of values of the catalogue: a row of docs/CATALOGUE.md. */
export type ValueClass = {
  /** Stable: `max-length/at-multibyte`; reports and the table name it. */
  readonly id: string
  readonly keyword: Keyword
  /** What it sends, for people: `at the maximum, in 2-byte characters (é)`. */
  readonly title: string
  /** Why a correct server answers so, for people; the spec section it rests on. */
  readonly why: string
  readonly spec: string
  /** The values it puts at a field; none where the class does not apply to the field. */
  readonly values: (field: Field) => readonly ClassValue[]
} & (
  | { readonly expect: 'accept' | 'either'; readonly breaks?: never }
  /**
   * A value to reject breaks one rule, named as the coverage table names it; `existence`: a
   * well-formed id that names nothing (judged by `unknown-id-rejected`); `item`: each value says
   * which rule its bad item breaks.
   */
  | { readonly expect: 'reject'; readonly breaks: RuleKind | 'existence' | 'item' }
)
