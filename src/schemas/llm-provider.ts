import { z } from 'zod'
import { LLM_PROVIDER_SOURCES } from './choices.js'
import { MockDateTime } from './date-time.js'
import { LlmProviderId, MemberId, OrgId, TeamId } from './ids.js'

/** spec §4.1: where the provider's definition comes from. */
export const LlmProviderSource = z.enum(LLM_PROVIDER_SOURCES).meta({ id: 'LlmProviderSource' })
export type LlmProviderSource = z.infer<typeof LlmProviderSource>

/** spec §2.6: an object whose fields the spec does not show. */
export const LlmProvider = z.looseObject({}).meta({
  id: 'LlmProvider',
  description:
    'Organization LLM provider. The API does not specify its fields: any JSON object is a valid answer. The worker-api-kit mock answers the MockLlmProvider shape (#/components/schemas/MockLlmProvider).',
})
export type LlmProvider = z.infer<typeof LlmProvider>

/** spec §4.1 request body. */
export const UpdateLlmProviderBody = z
  .object({
    source: LlmProviderSource,
    providerId: z.string().min(1).max(255).optional(), // spec §4.1, §8
    modelIds: z.array(z.string().min(1).max(255)).min(1).optional(), // spec §4.1, §8
    customConfigText: z.string().min(1).optional(), // spec §4.1, §8
    apiKey: z.string().max(65535).optional(), // spec §4.1, §8; a secret
    memberIds: z.array(MemberId).max(500).optional(), // spec §4.1, §8
    teamIds: z.array(TeamId).max(500).optional(), // spec §4.1, §8
  })
  .meta({ id: 'UpdateLlmProviderBody' })
export type UpdateLlmProviderBody = z.infer<typeof UpdateLlmProviderBody>

/** spec §4.1 response body. */
export const LlmProviderEnvelope = z
  .object({ llmProvider: LlmProvider })
  .meta({ id: 'LlmProviderEnvelope' })
export type LlmProviderEnvelope = z.infer<typeof LlmProviderEnvelope>

// ---- The mock's own choices where the spec is silent (principle 6). assumption: see docs/limits.md#assumptions

/**
 * The LLM provider as the mock returns it. The API key is never returned: `hasApiKey` says whether
 * one is stored and `apiKeyLastFour` shows its last four characters only for keys long enough
 * that four characters give nothing away.
 */
export const MockLlmProvider = z
  .object({
    id: LlmProviderId,
    orgId: OrgId,
    source: LlmProviderSource,
    providerId: z.string().nullable(),
    modelIds: z.array(z.string()),
    customConfigText: z.string().nullable(),
    memberIds: z.array(MemberId),
    teamIds: z.array(TeamId),
    hasApiKey: z
      .boolean()
      .meta({ description: 'Whether an API key is stored; the key itself is never returned.' }),
    apiKeyLastFour: z.string().nullable().meta({
      description:
        'The last four characters of the stored key, or null when none is stored or the key is too short to show any.',
    }),
    createdAt: MockDateTime,
    updatedAt: MockDateTime,
  })
  .meta({
    id: 'MockLlmProvider',
    description:
      "The LLM provider as the worker-api-kit mock answers it: the mock's choice where the API is silent (the API promises only a JSON object, LlmProvider). A PATCH merges: omitted fields keep their values.",
  })
export type MockLlmProvider = z.infer<typeof MockLlmProvider>

export const MockLlmProviderEnvelope = LlmProviderEnvelope.extend({
  llmProvider: MockLlmProvider,
}).meta({ id: 'MockLlmProviderEnvelope' })
export type MockLlmProviderEnvelope = z.infer<typeof MockLlmProviderEnvelope>
