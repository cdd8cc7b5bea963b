import { jsonPointer } from '../common/json-pointer.js'
import type { RuleKind } from './coverage-rules.js'
import { type JsonSchema, literalPrefixOf } from './json-schema.js'
import { type IdMaker, type Limit, type Path, validValue } from './limits.js'

/** A wrong value of another JSON type than the schema's. */
const wrongType = (schema: JsonSchema): unknown => {
  if (schema.type === 'string' || schema.enum) return 12345
  if (schema.type === 'array') return 'not-an-array'
  if (schema.type === 'object') return 'not-an-object'
  return 'not-a-number'
}

/** A value outside an enum, built from it so that it can never be a member. */
const outsideEnum = (values: readonly unknown[]) => `${values.map(String).join('-')}-invalid`

/** The unit a bound counts in, for a case's title. */
export const unitOf = (limit: Limit, size: number) =>
  `${limit.kind === 'items' ? 'item' : 'character'}${size === 1 ? '' : 's'}`

/** The bound a size outside a limit breaks. */
export const brokenBoundOf = (limit: Pick<Limit, 'kind' | 'min'>, size: number): RuleKind =>
  `${limit.min !== undefined && size < limit.min ? 'min' : 'max'}-${limit.kind}`

/** A path as a case's title writes it. */
export const describePath = (path: Path) => jsonPointer(path).slice(1) || 'body'

export type BrokenField = {
  title: string
  /** The constraint it breaks. */
  breaks: RuleKind
  path: Path
  value: unknown
  remove?: boolean
  /** Set first: a valid array item in front of the broken one. */
  before?: { path: Path; value: unknown }
}

/** Cases of one broken constraint at a time, for one part of the request. */
export const invalidCasesOf = (
  schema: JsonSchema,
  base: unknown,
  makeId: IdMaker,
  at: Path = [],
): BrokenField[] => {
  const found: BrokenField[] = []
  const where = describePath(at)
  if (at.length > 0)
    found.push({
      title: `${where} of the wrong JSON type`,
      breaks: 'type',
      path: at,
      value: wrongType(schema),
    })
  if (schema.enum && schema.enum.length > 0) {
    found.push({
      title: `${where} outside its enum`,
      breaks: 'enum',
      path: at,
      value: outsideEnum(schema.enum),
    })
  }
  const prefix = literalPrefixOf(schema.pattern)
  if (schema.type === 'string' && prefix !== undefined) {
    const length = schema.minLength ?? prefix.length + 1
    found.push({
      title: `${where} without its ${prefix} prefix`,
      breaks: 'pattern',
      path: at,
      value: 'z'.repeat(length),
    })
  }
  if (schema.type === 'object') {
    for (const key of schema.required ?? []) {
      found.push({
        title: `${describePath([...at, key])} missing`,
        breaks: 'required',
        path: [...at, key],
        value: undefined,
        remove: true,
      })
    }
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      found.push(...invalidCasesOf(property, base, makeId, [...at, key]))
    }
  }
  if (schema.type === 'array') {
    const items = schema.items ?? {}
    const first = invalidCasesOf(items, base, makeId, [...at, 0]).filter(
      (c) => c.path.length > at.length,
    )
    found.push(...first)
    // The same broken item behind a valid one: a server must judge every item, not the first.
    const second = [...at, 1]
    const valid = { path: [...at, 0], value: validValue(items, makeId) }
    for (const c of first.filter((c) => c.path.length === at.length + 1)) {
      found.push({
        ...c,
        path: second,
        title: `${c.title.replace(describePath(c.path), describePath(second))} after a valid item`,
        before: valid,
      })
    }
  }
  return found
}
