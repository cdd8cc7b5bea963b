import { z } from 'zod'
import { TYPEID_ALPHABET } from '../common/type-id.js'

/** TypeID suffix: 26 base32 characters (TypeID spec). The lengths of spec §2.1 follow from it. */
const TYPEID_SUFFIX_LENGTH = 26

/**
 * The first character of a TypeID suffix is 0-7: the suffix holds 130 bits, a UUID 128, so a
 * larger first character overflows. The alphabet (`TYPEID_ALPHABET`) is the one the ids are made in.
 */
const TYPEID_FIRST = TYPEID_ALPHABET.slice(0, 8)

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
 * spec §2.2). assumption: see docs/limits.md#assumptions
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

/**
 * A TypeID in its full grammar (TypeID spec v0.3): prefix, underscore, a first suffix character
 * 0-7 and the rest of the suffix in the lowercase base32 alphabet. For the ids the service answers (spec §2.1:
 * "Identifiers are TypeIDs"); requests keep `typeId`, exactly as the spec constrains them (DESIGN).
 * One regex implies prefix and length, so the document carries one `pattern`; the length stays
 * as `minLength`/`maxLength` too, for readers of the document and a plainer message.
 */
const typeIdOf = (prefix: IdPrefix) =>
  z
    .string()
    .length(typeIdLength(prefix))
    .regex(
      new RegExp(`^${prefix}_[${TYPEID_FIRST}][${TYPEID_ALPHABET}]{${TYPEID_SUFFIX_LENGTH - 1}}$`),
      {
        message: `Invalid ${prefix} TypeID: ${prefix}_ and ${TYPEID_SUFFIX_LENGTH} characters of the TypeID alphabet`,
      },
    )

export const OrgId = typeId(ID_PREFIX.org).meta({ id: 'OrgId', description: 'Organization id' })
export const LlmProviderId = typeId(ID_PREFIX.llmProvider).meta({
  id: 'LlmProviderId',
  description: 'LLM provider id',
})
export const WorkerId = typeId(ID_PREFIX.worker).meta({ id: 'WorkerId', description: 'Worker id' })
export const MemberId = typeId(ID_PREFIX.member).meta({
  id: 'MemberId',
  description: 'Organization member id',
})
export const TeamId = typeId(ID_PREFIX.team).meta({ id: 'TeamId', description: 'Team id' })

/** The ids a worker answer carries (spec §2.1, §2.2), read to the TypeID's full grammar. */
export const WorkerTypeId = typeIdOf(ID_PREFIX.worker).meta({
  id: 'WorkerTypeId',
  description: 'Worker id, a TypeID',
})
export const OrgTypeId = typeIdOf(ID_PREFIX.org).meta({
  id: 'OrgTypeId',
  description: 'Organization id, a TypeID',
})

/** The kit's own TypeIDs, every prefix of spec §2.1 and of the mock's, in their full grammar. */
const KIT_ID = new RegExp(
  `^(?:${[...Object.values(ID_PREFIX), ...Object.values(MOCK_ID_PREFIX)].join('|')})_[${TYPEID_FIRST}][${TYPEID_ALPHABET}]{${TYPEID_SUFFIX_LENGTH - 1}}$`,
)

/**
 * Whether a value is one of the kit's ids (an organization, a provider, a worker, a member, a team,
 * a user): public wherever it is carried, a cookie or a credential-named header included, so the
 * secrets policy never takes one for a credential (src/secrets/policy.ts).
 */
export const isKitId = (value: string): boolean => KIT_ID.test(value)
