import { ID_PREFIX } from '../schemas/ids.js'
import type { MockLlmProvider, UpdateLlmProviderBody } from '../schemas/llm-provider.js'
import {
  type CreateWorkerBody,
  type Destination,
  MOCK_TOKEN_CHARACTERS,
  MOCK_TOKEN_PREFIXES,
  type MockLaunch,
  type Tokens,
} from '../schemas/worker.js'
import type { MockFaker } from './internal/create-faker.js'
import { isoTime } from './internal/iso-time.js'
import { newId } from './internal/new-id.js'
import type { Random } from './internal/random.js'
import { toBase64Url } from './internal/to-base64-url.js'
import { KEY_HINT } from './key-last-four.js'
import { DEFAULT_LIFECYCLE, type LifecycleStep, stepAt } from './lifecycle.js'
import type { LlmProviderRecord, WorkerRecord } from './store.js'

/** What a factory needs: seeded sources and the current time. */
export type FactoryContext = {
  faker: MockFaker
  random: Random
  now: number
  /**
   * The app's masker (its secret book's `mask`): what a worker's fields derive from the request
   * (its workspace path's slug of the name) is derived from the masked text, so a key sent in a
   * name never comes back lower-cased and cut where the masker cannot know it.
   */
  mask?: ((text: string) => string) | undefined
}

/** How a new worker is launched, per destination. assumption: see docs/limits.md#assumptions */
export const DEFAULT_LAUNCH: Record<Destination, MockLaunch> = {
  local: { mode: 'cli', pollAfterMs: 2_000 },
  cloud: { mode: 'managed', pollAfterMs: 5_000 },
}

/** Length of the stand-in key a scenario's `hasApiKey: true` stores (never returned). */
export const DEFAULT_API_KEY_LENGTH = 40

const CLOUD_REGIONS = {
  aws: ['us-east-1', 'us-west-2', 'eu-west-1', 'eu-central-1', 'ap-southeast-2'],
  gcp: ['us-central1', 'europe-west4', 'asia-northeast1'],
  azure: ['eastus', 'westeurope', 'japaneast'],
} as const
const LOCAL_SANDBOXES = ['docker', 'podman', 'none'] as const
const CLOUD_SANDBOXES = ['firecracker', 'gvisor'] as const
/** How much of a name its workspace slug is made from (the slug keeps 40 characters of it). */
const SLUG_SOURCE_LENGTH = 256

/** The most of a name masked whole before its slug is cut from it (a journalled body's bound). */
const MAX_MASKED_NAME = 64 * 1024

/** What a name's slug is made from: its start, masked (whole when it is not huge). */
const slugSource = (name: string, mask: FactoryContext['mask']) =>
  mask === undefined
    ? name.slice(0, SLUG_SOURCE_LENGTH)
    : mask(name.slice(0, MAX_MASKED_NAME)).slice(0, SLUG_SOURCE_LENGTH)

/** A token's random bytes: its characters in base64url (4 for every 3), no padding between tokens. */
const TOKEN_BYTES = (MOCK_TOKEN_CHARACTERS / 4) * 3

/**
 * Three opaque access tokens: each a recognisable prefix and 24 seeded random bytes, base64url.
 * The 72 bytes are drawn and encoded at once: the same bytes, in the same order, as three draws
 * (24 bytes are whole 4-byte words of the generator and whole 3-byte groups of base64).
 */
export const buildTokens = (random: Random): Tokens => {
  const text = toBase64Url(random.bytes(3 * TOKEN_BYTES))
  const at = (i: number) => text.slice(i * MOCK_TOKEN_CHARACTERS, (i + 1) * MOCK_TOKEN_CHARACTERS)
  const { owner, host, client } = MOCK_TOKEN_PREFIXES
  return { owner: `${owner}${at(0)}`, host: `${host}${at(1)}`, client: `${client}${at(2)}` }
}

/**
 * A stored worker for a create request: what the request gave, faker for what it left out. `id`
 * (a scenario's recorded one) is taken as given, and then no id is drawn.
 */
export const buildWorkerRecord = (
  { faker, random, now, id: givenId, mask }: FactoryContext & { id?: string | undefined },
  body: CreateWorkerBody,
  owner: { orgId: string; userId: string },
  start: Pick<LifecycleStep, 'status' | 'instanceStatus'> = stepAt(
    DEFAULT_LIFECYCLE,
    body.destination,
    0,
  ),
  launch: MockLaunch = DEFAULT_LAUNCH[body.destination],
): WorkerRecord => {
  const id = givenId ?? newId(ID_PREFIX.worker, random, now)
  const at = isoTime(now)
  const isLocal = body.destination === 'local'
  // From the name's start only: a slice of the slug of a whole 1 MB name kept that megabyte alive
  // (V8 slices are views), unseen by the store's byte budget.
  const slug =
    faker.helpers.slugify(slugSource(body.name, mask)).toLowerCase().slice(0, 40) || 'worker'
  const provider = isLocal ? 'local' : faker.helpers.objectKey(CLOUD_REGIONS)
  const region =
    provider === 'local' ? 'local' : faker.helpers.arrayElement(CLOUD_REGIONS[provider])
  return {
    worker: {
      id,
      orgId: owner.orgId,
      createdByUserId: owner.userId,
      name: body.name,
      description: body.description ?? faker.company.catchPhrase(),
      destination: body.destination,
      status: start.status,
      imageVersion: body.imageVersion ?? faker.system.semver(),
      workspacePath:
        body.workspacePath ??
        (isLocal
          ? `/home/${faker.internet.username().toLowerCase()}/${slug}`
          : `/workspace/${slug}`),
      sandboxBackend:
        body.sandboxBackend ??
        faker.helpers.arrayElement(isLocal ? LOCAL_SANDBOXES : CLOUD_SANDBOXES),
      lastHeartbeatAt: at,
      lastActiveAt: at,
      createdAt: at,
      updatedAt: at,
    },
    instance: {
      provider,
      region,
      url: isLocal
        ? `http://127.0.0.1:${faker.internet.port()}`
        : `https://${id.slice(ID_PREFIX.worker.length + 1)}.${region}.workers.example.com`,
      status: start.instanceStatus,
      createdAt: at,
      updatedAt: at,
    },
    launch: { ...launch },
  }
}

const PROVIDER_MODELS = {
  anthropic: ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-1'],
  openai: ['gpt-5', 'gpt-5-mini', 'gpt-4.1'],
  google: ['gemini-2.5-pro', 'gemini-2.5-flash'],
  mistral: ['mistral-large-latest', 'codestral-latest'],
} as const

/** The LLM provider an organization starts with: a models.dev provider, no API key. */
export const buildLlmProviderRecord = (
  { faker, now }: Omit<FactoryContext, 'random'>,
  ids: { id: string; orgId: string },
): LlmProviderRecord => {
  const providerId = faker.helpers.objectKey(PROVIDER_MODELS)
  return {
    ...ids,
    source: 'models_dev',
    providerId,
    modelIds: faker.helpers.arrayElements(PROVIDER_MODELS[providerId], { min: 1, max: 2 }),
    customConfigText: null,
    memberIds: [],
    teamIds: [],
    apiKey: null,
    createdAt: isoTime(now),
    updatedAt: isoTime(now),
  }
}

/**
 * A PATCH of the provider (spec §4.1): `source` is replaced, every other field given replaces the
 * stored one, omitted fields are kept, an empty `apiKey` removes the key.
 * assumption: see docs/limits.md#assumptions
 */
export const mergeLlmProvider = (
  record: LlmProviderRecord,
  body: UpdateLlmProviderBody,
  now: number,
): LlmProviderRecord => ({
  ...record,
  source: body.source,
  providerId: body.providerId ?? record.providerId,
  modelIds: body.modelIds ?? record.modelIds,
  customConfigText: body.customConfigText ?? record.customConfigText,
  memberIds: body.memberIds ?? record.memberIds,
  teamIds: body.teamIds ?? record.teamIds,
  apiKey: body.apiKey === undefined ? record.apiKey : body.apiKey || null,
  updatedAt: isoTime(now),
})

/** Keys shorter than this show no characters at all: four of eight would give half away. */
export const MIN_KEY_LENGTH_FOR_HINT = 16

/** The last four characters of a key, when they make a hint; else null. */
const hintOf = (apiKey: string | null) => {
  if (apiKey === null || apiKey.length < MIN_KEY_LENGTH_FOR_HINT) return null
  const lastFour = apiKey.slice(-4)
  // A key ending in a blank, a tab or a non-ASCII character shows none (KEY_HINT).
  return KEY_HINT.test(lastFour) ? lastFour : null
}

/**
 * The provider as the API returns it: everything but the key, which becomes a hint. `mask` masks
 * the secrets its client-written texts repeat (the key itself, written into its provider id, a
 * model id or its config text), where an answer shows them.
 */
export const toMockLlmProvider = (
  record: LlmProviderRecord,
  mask?: (text: string) => string,
): MockLlmProvider => {
  const shown = (text: string | null) => (text === null || mask === undefined ? text : mask(text))
  return {
    // Field by field, in the record's order: a rest copy (`{ apiKey, ...rest }`) took V8 2.4 µs a
    // provider, this literal a tenth of it.
    id: record.id,
    orgId: record.orgId,
    source: record.source,
    providerId: shown(record.providerId),
    modelIds: mask === undefined ? record.modelIds : record.modelIds.map(mask),
    customConfigText: shown(record.customConfigText),
    memberIds: record.memberIds,
    teamIds: record.teamIds,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    hasApiKey: record.apiKey !== null,
    apiKeyLastFour: hintOf(record.apiKey),
  }
}
