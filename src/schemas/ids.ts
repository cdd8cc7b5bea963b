import { z } from '@hono/zod-openapi'

/** TypeID suffix: 26 base32 characters (TypeID spec). The lengths of spec §2.1 follow from it. */
const TYPEID_SUFFIX_LENGTH = 26

/** Prefixes of spec §2.1, the only place they are written. */
export const ID_PREFIX = {
  org: 'org',
  llmProvider: 'lpr',
  worker: 'wrk',
  member: 'om',
  team: 'tem',
} as const
type IdPrefix = (typeof ID_PREFIX)[keyof typeof ID_PREFIX]

/**
 * Prefixes of the mock's own TypeIDs, where the spec shows only a string (`createdByUserId`,
 * spec §2.2). assumption: see README#assumptions
 */
export const MOCK_ID_PREFIX = { user: 'usr' } as const

/** Total length of a TypeID with this prefix: prefix, underscore, suffix (spec §2.1, §8). */
export const typeIdLength = (prefix: string): number => prefix.length + 1 + TYPEID_SUFFIX_LENGTH

/**
 * A TypeID as the spec constrains it: exact length and `^prefix_.*` (spec §2.1).
 * `.regex`, not `.startsWith`: only `.regex` reaches the OpenAPI document as `pattern`.
 */
const typeId = (prefix: IdPrefix) =>
  z
    .string()
    .length(typeIdLength(prefix))
    .regex(new RegExp(`^${prefix}_.*`))

export const OrgId = typeId(ID_PREFIX.org).openapi('OrgId', { description: 'Organization id' })
export const LlmProviderId = typeId(ID_PREFIX.llmProvider).openapi('LlmProviderId', {
  description: 'LLM provider id',
})
export const WorkerId = typeId(ID_PREFIX.worker).openapi('WorkerId', { description: 'Worker id' })
export const MemberId = typeId(ID_PREFIX.member).openapi('MemberId', {
  description: 'Organization member id',
})
export const TeamId = typeId(ID_PREFIX.team).openapi('TeamId', { description: 'Team id' })
