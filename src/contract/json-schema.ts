import { z } from '@hono/zod-openapi'

/** The part of JSON Schema that the API's request schemas use; read, never retyped. */
export type JsonSchema = {
  type?: string | undefined
  properties?: Record<string, JsonSchema> | undefined
  required?: string[] | undefined
  items?: JsonSchema | undefined
  enum?: unknown[] | undefined
  minLength?: number | undefined
  maxLength?: number | undefined
  minItems?: number | undefined
  maxItems?: number | undefined
  pattern?: string | undefined
}

const JsonSchemaShape: z.ZodType<JsonSchema> = z.lazy(() =>
  z.object({
    type: z.string().optional(),
    properties: z.record(z.string(), JsonSchemaShape).optional(),
    required: z.array(z.string()).optional(),
    items: JsonSchemaShape.optional(),
    enum: z.array(z.unknown()).optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    pattern: z.string().optional(),
  }),
)

const cache = new WeakMap<z.ZodType, JsonSchema>()

/**
 * No metadata: the schemas name themselves for the OpenAPI document (`.meta({ id })`, see
 * src/schemas/index.ts), and with zod's global registry `toJSONSchema` would answer a `$ref` into
 * `$defs` for each named schema. The bounds are read inline, where the cases look for them.
 */
const NO_METADATA = z.registry<Record<string, unknown>>()

/** The JSON Schema (input side) of a Zod schema: where bounds and patterns are read from. */
export const jsonSchemaOf = (schema: z.ZodType): JsonSchema => {
  let found = cache.get(schema)
  if (!found) {
    found = JsonSchemaShape.parse(
      z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', metadata: NO_METADATA }),
    )
    cache.set(schema, found)
  }
  return found
}

/**
 * The literal prefix of an id pattern, if the pattern is of one of the two forms: `^prefix_.*`
 * (spec §2.1, requests) or a TypeID's full grammar `^prefix_[0-7][…]{n}$` (answers).
 */
export const literalPrefixOf = (pattern: string | undefined): string | undefined =>
  pattern?.match(/^\^([A-Za-z0-9_-]+?)(?:\.\*|\[[^\]]+\]\[[^\]]+\]\{\d+\}\$)$/)?.[1]
