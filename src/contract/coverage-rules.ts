import { operationEntry } from '../api/operation-table.js'
import { type OperationId, operations } from '../api/operations.js'
import { type JsonSchema, jsonSchemaOf, literalPrefixOf } from './json-schema.js'
import { successOf } from './success-schema.js'

/** Where a rule applies: the request body, the path parameters, or the success body. */
export type RulePart = 'body' | 'params' | 'response'

export type RuleKind =
  | 'type'
  | 'required'
  | 'optional'
  | 'enum'
  | 'pattern'
  | 'min-length'
  | 'max-length'
  | 'min-items'
  | 'max-items'
  | 'response-key'

/**
 * One rule of the spec, read from the routes' JSON Schema. `segments` walks the request part or
 * the success body; `*` stands for every item of an array.
 */
export type Rule = {
  /** Stable: `createWorker body /name max-length`. */
  readonly id: string
  readonly operationId: OperationId
  readonly part: RulePart
  /** JSON pointer in the part, `*` for every item: `/modelIds/*`. */
  readonly pointer: string
  readonly segments: readonly string[]
  readonly kind: RuleKind
  /** What the rule says, for people: `at most 255 characters`. */
  readonly text: string
  /** The schema at `pointer` (the value's own schema; the parent's for `required`/`optional`). */
  readonly schema: JsonSchema
  /** The size a bound rule sets. */
  readonly bound?: number
}

const pointerOf = (segments: readonly string[]) => segments.map((s) => `/${s}`).join('')

const typeText = (schema: JsonSchema) =>
  schema.type === 'integer'
    ? 'an integer'
    : `a${/^[aeiou]/.test(schema.type ?? '') ? 'n' : ''} ${schema.type ?? 'value'}`

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

/** The rules a request schema sets on one value and, walking down, on what it holds. */
const requestRulesOf = (
  schema: JsonSchema,
  segments: readonly string[],
): Omit<Rule, 'id' | 'operationId' | 'part'>[] => {
  const at = (kind: RuleKind, text: string, bound?: number) => ({
    pointer: pointerOf(segments),
    segments,
    kind,
    text,
    schema,
    ...(bound === undefined ? {} : { bound }),
  })
  const found: Omit<Rule, 'id' | 'operationId' | 'part'>[] = []
  if (schema.type !== undefined) found.push(at('type', `is ${typeText(schema)}`))
  if (schema.enum && schema.enum.length > 0)
    found.push(at('enum', `is one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`))
  const prefix = literalPrefixOf(schema.pattern)
  if (schema.pattern !== undefined)
    found.push(
      at('pattern', prefix === undefined ? `matches ${schema.pattern}` : `starts with ${prefix}`),
    )
  if (schema.type === 'string') {
    if (schema.minLength !== undefined)
      found.push(
        at('min-length', `has at least ${plural(schema.minLength, 'character')}`, schema.minLength),
      )
    if (schema.maxLength !== undefined)
      found.push(
        at('max-length', `has at most ${plural(schema.maxLength, 'character')}`, schema.maxLength),
      )
  }
  if (schema.type === 'array') {
    if (schema.minItems !== undefined)
      found.push(
        at('min-items', `has at least ${plural(schema.minItems, 'item')}`, schema.minItems),
      )
    if (schema.maxItems !== undefined)
      found.push(at('max-items', `has at most ${plural(schema.maxItems, 'item')}`, schema.maxItems))
    found.push(...requestRulesOf(schema.items ?? {}, [...segments, '*']))
  }
  if (schema.type === 'object') {
    const required = schema.required ?? []
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      const keySegments = [...segments, key]
      const isRequired = required.includes(key)
      found.push({
        pointer: pointerOf(keySegments),
        segments: keySegments,
        kind: isRequired ? 'required' : 'optional',
        text: isRequired ? 'is required' : 'may be omitted',
        schema,
      })
      found.push(...requestRulesOf(property, keySegments))
    }
  }
  return found
}

/** One rule per key of a success body: present (when required) and of its type and constraints. */
const responseRulesOf = (
  schema: JsonSchema,
  segments: readonly string[],
): Omit<Rule, 'id' | 'operationId' | 'part'>[] =>
  Object.entries(schema.properties ?? {}).flatMap(([key, property]) => {
    const keySegments = [...segments, key]
    const prefix = literalPrefixOf(property.pattern)
    const size =
      property.minLength !== undefined && property.minLength === property.maxLength
        ? `, ${plural(property.minLength, 'character')}`
        : ''
    const constraints = [
      ...(prefix === undefined ? [] : [`${prefix} prefix${size}`]),
      ...(property.enum
        ? [`one of ${property.enum.map((v) => JSON.stringify(v)).join(', ')}`]
        : []),
    ]
    const isRequired = (schema.required ?? []).includes(key)
    return [
      {
        pointer: pointerOf(keySegments),
        segments: keySegments,
        kind: 'response-key' as const,
        text: `${isRequired ? 'is present and ' : 'when present, '}is ${typeText(property)}${constraints.length > 0 ? ` (${constraints.join('; ')})` : ''}`,
        schema: property,
      },
      ...responseRulesOf(property, keySegments),
    ]
  })

/** Every rule of the spec for every operation, in the operations' order: the coverage table's rows. */
export const buildRules = (): Rule[] =>
  operations.flatMap((operation) => {
    const operationId = operation.operationId
    const { paramsSchema: params, bodySchema } = operationEntry(operationId)
    const parts: [RulePart, Omit<Rule, 'id' | 'operationId' | 'part'>[]][] = [
      // A path parameter cannot be left out or sent as JSON: its rules are its format.
      [
        'params',
        params
          ? requestRulesOf(jsonSchemaOf(params), []).filter(
              (r) => r.segments.length > 0 && !['required', 'optional', 'type'].includes(r.kind),
            )
          : [],
      ],
      ['body', requestRulesOf(jsonSchemaOf(bodySchema), [])],
      ['response', responseRulesOf(jsonSchemaOf(successOf(operationId).schema), [])],
    ]
    return parts.flatMap(([part, rules]) =>
      rules.map((rule) => ({
        ...rule,
        operationId,
        part,
        id: `${operationId} ${part} ${rule.pointer || '/'} ${rule.kind}`,
      })),
    )
  })
