import { z } from '@hono/zod-openapi'
import { operationEntry } from './operation-table.js'
import type { OperationId } from './operations.js'

// What the spec promises of a success answer, place by place: the JSON types a field may have and
// whether it must be there. Read from the operation's success schema (its output side), so a
// consumer check tells a field the contract promises from one the mock chose where the spec is
// silent.

/** A JSON value's type as a consumer sees it. */
export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array'

export const jsonTypeOf = (value: unknown): JsonType =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'object'
        ? 'object'
        : typeof value === 'number'
          ? 'number'
          : typeof value === 'boolean'
            ? 'boolean'
            : 'string'

type Node = {
  $ref?: string | undefined
  $defs?: Record<string, Node> | undefined
  pattern?: string | undefined
  format?: string | undefined
  enum?: unknown[] | undefined
  type?: string | string[] | undefined
  properties?: Record<string, Node> | undefined
  required?: string[] | undefined
  items?: Node | undefined
  anyOf?: Node[] | undefined
  oneOf?: Node[] | undefined
}

/** The part of JSON Schema read here; a schema `true` (anything) reads as a node that names nothing. */
const NodeShape: z.ZodType<Node> = z.lazy(() =>
  z.union([
    z.object({
      $ref: z.string().optional(),
      $defs: z.record(z.string(), NodeShape).optional(),
      pattern: z.string().optional(),
      format: z.string().optional(),
      enum: z.array(z.unknown()).optional(),
      type: z.union([z.string(), z.array(z.string())]).optional(),
      properties: z.record(z.string(), NodeShape).optional(),
      required: z.array(z.string()).optional(),
      items: NodeShape.optional(),
      anyOf: z.array(NodeShape).optional(),
      oneOf: z.array(NodeShape).optional(),
    }),
    z.boolean().transform((): Node => ({})),
  ]),
)

/**
 * What the schema says of one place: the types it allows (all, when it names none), whether it
 * must be there, and the pattern (an id's) or format (`date-time`) its strings keep.
 */
export type Declared = {
  readonly types: ReadonlySet<JsonType> | 'any'
  readonly promised: boolean
  readonly pattern?: string | undefined
  readonly format?: string | undefined
  /** The values it allows, when the schema lists them (an enum). */
  readonly values?: readonly unknown[] | undefined
  /** Its numbers are whole (`integer`), in every alternative. */
  readonly isInteger: boolean
}

const schemas = new Map<OperationId, Node>()

const schemaOf = (operationId: OperationId): Node => {
  let found = schemas.get(operationId)
  if (!found) {
    found = NodeShape.parse(
      // With the schemas' metadata: their formats (`date-time`), each named schema under `$defs`.
      z.toJSONSchema(operationEntry(operationId).success.schema, {
        io: 'output',
        unrepresentable: 'any',
      }),
    )
    schemas.set(operationId, found)
  }
  return found
}

/** A node with its `$ref` (into the document's `$defs`) followed. */
const resolved = (node: Node, root: Node, depth = 0): Node => {
  const name = node.$ref?.replace('#/$defs/', '')
  const target = name === undefined ? undefined : root.$defs?.[name]
  return target === undefined || depth > 8 ? node : resolved(target, root, depth + 1)
}

/** The alternatives a node stands for (a union's members, or itself), references followed. */
const alternativesIn =
  (root: Node) =>
  (node: Node): readonly Node[] => {
    const at = resolved(node, root)
    return (at.anyOf ?? at.oneOf ?? [at]).map((alternative) => resolved(alternative, root))
  }

const JSON_TYPES: readonly JsonType[] = ['string', 'number', 'boolean', 'null', 'object', 'array']
const asJsonType = (type: string): JsonType | undefined =>
  type === 'integer' ? 'number' : JSON_TYPES.find((known) => known === type)

const typesOf = (nodes: readonly Node[]): ReadonlySet<JsonType> | 'any' => {
  const types = new Set<JsonType>()
  for (const node of nodes) {
    const named = node.type === undefined ? [] : [node.type].flat()
    if (named.length === 0) return 'any'
    for (const type of named) {
      const known = asJsonType(type)
      if (known !== undefined) types.add(known)
    }
  }
  return types
}

/**
 * What the operation's success schema declares at a place (its segments, array indices left out:
 * `['worker', 'name']`), or undefined when it declares nothing there (a field the spec does not show).
 */
export const declaredAt = (
  operationId: OperationId,
  segments: readonly string[],
): Declared | undefined => {
  const root = schemaOf(operationId)
  const alternatives = alternativesIn(root)
  let nodes: readonly Node[] = alternatives(root)
  let promised = true
  for (const segment of segments) {
    const next: Node[] = []
    let required = false
    for (const node of nodes) {
      if (segment === '[]') {
        if (node.items) next.push(...alternatives(node.items))
        continue
      }
      const property = node.properties?.[segment]
      if (!property) continue
      next.push(...alternatives(property))
      required ||= node.required?.includes(segment) === true
    }
    if (next.length === 0) return undefined
    // An array's item is there when the array has one: only an object's field can be left out.
    if (segment !== '[]') promised &&= required && next.length === nodes.length
    nodes = next
  }
  const pattern = nodes.find((node) => node.pattern !== undefined)?.pattern
  const format = nodes.find((node) => node.format !== undefined)?.format
  const values = nodes.every((node) => node.enum !== undefined)
    ? nodes.flatMap((node) => node.enum ?? [])
    : undefined
  const isInteger = nodes.every((node) => [node.type].flat().includes('integer'))
  return { types: typesOf(nodes), promised, pattern, format, values, isInteger }
}
