import { jsonPointer } from '../../common/json-pointer.js'
import type { RuleKind } from '../coverage-rules.js'
import type { JsonSchema } from '../json-schema.js'
import { type IdMaker, type Path, withValueAt } from '../limits.js'
import { CATALOGUE } from './catalogue.js'
import { allAtOnceOf, headerPairOf, OTHER_MEDIA_TYPE, PAIR_CLASS, pairsOf } from './pair-class.js'
import { idPrefixOf } from './string-classes.js'
import type { ClassValue, Field, Keyword, ValueClass } from './value-class.js'
import { type Escaped, writeJson } from './write-json.js'

/** A rule a class case speaks about, as the coverage table names it. */
export type ClassTarget = {
  readonly part: 'body' | 'params'
  readonly pointer: string
  readonly kind: RuleKind
}

/** One request the catalogue makes: the shape of a contract case, before it is numbered. */
export type CatalogueCase = {
  readonly valueClass: string
  readonly title: string
  readonly expect: ValueClass['expect']
  readonly isUnknownId: boolean
  readonly body: { readonly json: unknown } | { readonly raw: string }
  readonly params?: Readonly<Record<string, string>>
  /** Path ids made from the real ones when the case is sent (`params` holds one made from a made-up id). */
  readonly deriveParams?: Readonly<Record<string, (realId: string) => string>>
  readonly brokenPointer?: string
  readonly breaks?: RuleKind
  /** The rules of the coverage table this case is evidence for (`/modelIds/*`, `max-length`). */
  readonly targets: readonly ClassTarget[]
  /** Why a run must not send it (a cloud worker without --allow-cloud). */
  readonly withheld?: string
  /** Sent with this Content-Type instead of `application/json`. */
  readonly contentType?: string
}

export type CatalogueInput = {
  readonly bodySchema: JsonSchema
  readonly paramsSchema: JsonSchema | undefined
  /** A valid body (required fields only), the one every case changes. */
  readonly valid: unknown
  /**
   * A valid body with every property the schema names: each value to reject
   * is sent in it too, so a server that checks a field only when others are absent is caught.
   */
  readonly full: unknown
  readonly makeId: IdMaker
  readonly idPrefixes: readonly string[]
  readonly largestItemBound: number
  readonly withheld: (value: unknown) => string | undefined
}

/** The rule kind an accepted value of a keyword speaks about. */
const KIND_OF: Readonly<Record<Keyword, RuleKind>> = {
  minLength: 'min-length',
  maxLength: 'max-length',
  string: 'type',
  enum: 'enum',
  pattern: 'pattern',
  type: 'type',
  minItems: 'min-items',
  maxItems: 'max-items',
  items: 'type',
  required: 'required',
  properties: 'optional',
  body: 'type',
  'path id': 'pattern',
  'two rules': 'type',
}

/** `['modelIds', 0]` → `/modelIds/*`: items are one rule. */
const rulePointer = (path: Path) =>
  path.map((segment) => (typeof segment === 'number' ? '/*' : `/${segment}`)).join('')

/** Every field of a schema: the value itself, its properties and its items (at index 0). */
const fieldsOf = (schema: JsonSchema, path: Path = []): { path: Path; schema: JsonSchema }[] => [
  { path, schema },
  ...Object.entries(schema.properties ?? {}).flatMap(([key, property]) =>
    fieldsOf(property, [...path, key]),
  ),
  ...(schema.type === 'array' ? fieldsOf(schema.items ?? {}, [...path, 0]) : []),
]

type Placed = { readonly field: Field; readonly value: ClassValue }

/** Bad items for an array: the item's own values to reject, `null` the one of its other types. */
const badItemsOf = (item: Field) =>
  CATALOGUE.flatMap((c) => {
    if (c.expect !== 'reject' || c.breaks === 'item' || c.breaks === 'existence') return []
    const breaks = c.breaks
    return c
      .values(item)
      .flatMap((v) =>
        'value' in v && (c.id !== 'type/other' || v.value === null)
          ? [{ value: v.value, breaks: v.breaks ?? breaks }]
          : [],
      )
  })

/**
 * The catalogue's cases for one operation: for every field and every class that applies to it,
 * the class's values. A value to reject is a request of its own; values to accept (or either) of
 * one class go into one request across the fields they apply to, so a run stays small and a create
 * budget goes far.
 */
export const catalogueCasesOf = (input: CatalogueInput): CatalogueCase[] => {
  const common = {
    makeId: input.makeId,
    idPrefixes: input.idPrefixes,
    largestItemBound: input.largestItemBound,
    withheld: input.withheld,
  }
  const asField = (path: Path, schema: JsonSchema, isParam: boolean): Field => {
    const base = { ...common, path, schema, isParam, badItems: [] }
    return schema.type === 'array'
      ? {
          ...base,
          badItems: badItemsOf({ ...base, path: [...path, 0], schema: schema.items ?? {} }),
        }
      : base
  }
  const bodyFields = fieldsOf(input.bodySchema).map((f) => asField(f.path, f.schema, false))
  const paramFields = Object.entries(input.paramsSchema?.properties ?? {}).map(([name, schema]) =>
    asField([name], schema, true),
  )

  const cases: CatalogueCase[] = []
  for (const valueClass of CATALOGUE) {
    const packs: Placed[][] = []
    for (const field of [...bodyFields, ...paramFields]) {
      for (const [index, value] of valueClass.values(field).entries()) {
        const placed = [{ field, value }]
        if (valueClass.expect !== 'reject' && !field.isParam) {
          packs[index] = [...(packs[index] ?? []), ...placed]
          continue
        }
        cases.push(caseOf(valueClass, placed, input, input.valid))
        // In a full body too; of another type, one value a field (the question is whether the
        // field is judged beside the others: one wrong type answers it).
        if (
          valueClass.expect === 'reject' &&
          isInBody(valueClass, field) &&
          (valueClass.id !== 'type/other' || index === 0)
        )
          cases.push(caseOf(valueClass, placed, input, input.full))
      }
    }
    for (const pack of packs) if (pack) cases.push(caseOf(valueClass, pack, input, input.valid))
  }
  for (const pair of [
    ...pairsOf(bodyFields, paramFields),
    ...allAtOnceOf(bodyFields, paramFields),
  ]) {
    // Either rule may be the one a server names: no one pointer is the broken one.
    const { brokenPointer: _one, ...both } = caseOf(PAIR_CLASS, pair, input, input.valid)
    cases.push(both)
  }
  // A header and a body field: the request is refused whichever a server reads first.
  const headerPair = headerPairOf(bodyFields)
  if (headerPair) {
    const { brokenPointer: _one, ...both } = caseOf(PAIR_CLASS, [headerPair], input, input.valid)
    cases.push({ ...both, contentType: OTHER_MEDIA_TYPE })
  }
  return cases
}

const labelOf = (placed: readonly Placed[]) => {
  const fields = placed
    .filter(({ field }) => field.path.length > 0)
    .map(({ field }) => `${field.isParam ? 'path ' : ''}${rulePointer(field.path).slice(1)}`)
  const labels = [...new Set(placed.flatMap(({ value }) => (value.label ? [value.label] : [])))]
  return `${fields.length > 0 ? `${fields.join(', ')}: ` : ''}${labels.length > 0 ? `(${labels.join(', ')}) ` : ''}`
}

/** A value of a body field, sent again inside the full body (not the body's own classes). */
const isInBody = (valueClass: ValueClass, field: Field) =>
  !field.isParam && field.path.length > 0 && valueClass.keyword !== 'required'

/** One request of a class: its values placed into a valid body (the minimal or the full one). */
const caseOf = (
  valueClass: ValueClass,
  placed: readonly Placed[],
  input: CatalogueInput,
  base: unknown,
): CatalogueCase => {
  let body: unknown = base
  let raw: string | undefined
  const escaped: Escaped[] = []
  const params: Record<string, string> = {}
  const deriveParams: Record<string, (realId: string) => string> = {}
  const targets: ClassTarget[] = []
  let broken: { pointer: string; breaks: RuleKind } | undefined
  let withheld: string | undefined
  let contentType: string | undefined
  for (const { field, value } of placed) {
    const part = field.isParam ? 'params' : 'body'
    const name = String(field.path[0] ?? '')
    const brokenAt = 'brokenAt' in value ? (value.brokenAt ?? []) : []
    const at = [...field.path, ...brokenAt]
    if ('derive' in value) {
      deriveParams[name] = value.derive
      // As it would be for a resource of this kind, until the real id is known (when it is sent).
      params[name] = value.derive(input.makeId(idPrefixOf(field.schema)))
    } else if ('raw' in value) {
      raw = value.raw(body)
      contentType = value.contentType
    } else if ('body' in value) body = value.body(body)
    else if (field.isParam) params[name] = String(value.value)
    else {
      body = withValueAt(body, field.path, value.value)
      if (value.escaped) escaped.push({ path: field.path, style: value.escaped })
      withheld ??= valueClass.id === 'enum/each' ? input.withheld(value.value) : undefined
    }
    const breaks =
      valueClass.expect !== 'reject' || valueClass.breaks === 'existence'
        ? undefined
        : (('breaks' in value ? value.breaks : undefined) ??
          (valueClass.breaks === 'item' ? 'type' : valueClass.breaks))
    if (breaks) broken ??= { pointer: `/${part}${jsonPointer(at)}`, breaks }
    const kind = breaks ?? KIND_OF[valueClass.keyword]
    if (valueClass.keyword === 'properties' && !field.isParam)
      for (const key of Object.keys(field.schema.properties ?? {}))
        if (!(field.schema.required ?? []).includes(key))
          targets.push({ part, pointer: `/${key}`, kind: 'optional' })
    if (valueClass.keyword !== 'properties' || field.isParam)
      targets.push({ part, pointer: rulePointer(at), kind })
  }
  return {
    valueClass: valueClass.id,
    title: `${valueClass.id}: ${labelOf(placed)}${valueClass.title}${base === input.full ? ', in a full body' : ''}`,
    expect: valueClass.expect,
    isUnknownId: valueClass.expect === 'reject' && valueClass.breaks === 'existence',
    body:
      raw !== undefined
        ? { raw }
        : escaped.length > 0
          ? { raw: writeJson(body, escaped) }
          : { json: body },
    ...(Object.keys(params).length > 0 ? { params } : {}),
    ...(Object.keys(deriveParams).length > 0 ? { deriveParams } : {}),
    ...(broken ? { brokenPointer: broken.pointer, breaks: broken.breaks } : {}),
    targets,
    ...(withheld === undefined ? {} : { withheld }),
    ...(contentType === undefined ? {} : { contentType }),
  }
}
