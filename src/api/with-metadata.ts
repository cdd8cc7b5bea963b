import type { z } from '@hono/zod-openapi'

/**
 * A copy of `schema` with more OpenAPI metadata (`{ param: { example } }`), as `.openapi(metadata)`
 * gives, made with zod's own `.meta()`. The schemas of src/schemas are plain zod, named by
 * `.meta({ id })` (a page that validates with them bundles no OpenAPI extension), and may be made
 * before @hono/zod-openapi adds `.openapi()` to zod, so they need not have it; a copy made now
 * has it. zod's copy inherits the metadata but not the `id`, which names the schema in the
 * document: it is carried over, read from the schema, so the copy is still a `$ref` to it.
 */
export const withMetadata = <T extends z.ZodType>(
  schema: T,
  metadata: Record<string, unknown>,
): T => schema.meta({ ...schema.meta(), ...metadata })
