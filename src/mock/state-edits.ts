import { z } from '@hono/zod-openapi'
import { UpdateLlmProviderBody } from '../schemas/llm-provider.js'
import { SeedLlmProviderFields, SeedWorker } from './scenario.js'

// The bodies of the admin API's state edits, read from the seed schemas: an edit sets what a
// scenario file could have seeded, with the same bounds.

const { id: _id, destination, ageMs, ...fields } = SeedWorker.shape

/**
 * `PATCH /__mock/state/workers/{id}`: a seeded worker's fields, each optional, without its id;
 * no defaults, so an omitted field keeps its value.
 */
export const WorkerPatch = z
  .object({ ...fields, destination: destination.unwrap(), ageMs: ageMs.unwrap() })
  .partial()
  .strict()
export type WorkerPatch = z.infer<typeof WorkerPatch>

/**
 * `PATCH /__mock/state/llm-provider`: the provider's seed fields, each optional, and its `apiKey`
 * (write-only: stored as the key, never answered; an empty one removes the key, as in the API).
 */
export const LlmProviderPatch = SeedLlmProviderFields.extend({
  apiKey: UpdateLlmProviderBody.shape.apiKey,
}).strict()
export type LlmProviderPatch = z.infer<typeof LlmProviderPatch>
