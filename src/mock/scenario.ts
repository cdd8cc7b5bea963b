import { z } from '@hono/zod-openapi'
import { operations } from '../api/operations.js'
import { CONNECTION_HEADERS } from '../common/connection-headers.js'
import { NO_BODY_STATUSES } from '../common/is-contentful.js'
import { DateTime } from '../schemas/date-time.js'
import { LlmProviderId, OrgId, WorkerId } from '../schemas/ids.js'
import { UpdateLlmProviderBody } from '../schemas/llm-provider.js'
import { CreateWorkerBody, MockWorkerStatus } from '../schemas/worker.js'
import { KEY_HINT } from './key-last-four.js'
import { Lifecycle, MAX_AGE_MS } from './lifecycle.js'

const OPERATION_IDS = operations.map((o) => o.operationId)

/** Longest wait a scenario may ask for: every wait of the mock is bounded. */
export const MAX_SCENARIO_WAIT_MS = 120_000
/** Most uses a counted rule (`times`) or a rate limit (`limit`) can name. */
const MAX_COUNT = 1_000_000
/** Longest poll interval a scenario may tell clients (a day). */
const MAX_POLL_AFTER_MS = 86_400_000

const Wait = z.int().min(0).max(MAX_SCENARIO_WAIT_MS)

/** A fixed delay, or a uniform one between `min` and `max` (drawn from the session's seed). */
export const Latency = z.union([
  Wait,
  z
    .object({ min: Wait, max: Wait })
    .strict()
    .refine((l) => l.min <= l.max, 'min must not exceed max'),
])
export type Latency = z.infer<typeof Latency>

/** Which requests a rule applies to. */
const RuleMatch = z
  .object({
    /** An operationId, or `*` for all three operations. */
    operation: z.enum([...OPERATION_IDS, '*']).default('*'),
    /** Path parameters that must equal these values. */
    params: z.record(z.string(), z.string()).optional(),
    /** Top-level body fields that must equal these values. */
    body: z.record(z.string(), z.json()).optional(),
  })
  .strict()

/** A behaviour layered over the mock for matching requests (WireMock/Mockoon-style rules). */
export const Rule = z
  .object({
    description: z.string().optional(),
    match: RuleMatch.default({ operation: '*' }),
    /** Applies only to this many matching requests of a session, then never again. */
    times: z.int().positive().max(MAX_COUNT).optional(),
    /** Applies to this share of matching requests, drawn from the session's seed (deterministic). */
    probability: z.number().min(0).max(1).optional(),
    /** Waits this long before answering. */
    latency: Latency.optional(),
    /** After `limit` matching requests within `windowMs`, answers 429 with `Retry-After`. */
    rateLimit: z
      .object({
        limit: z.int().positive().max(MAX_COUNT),
        windowMs: z.int().positive().max(3_600_000),
      })
      .strict()
      .optional(),
    /** Answers with this status and JSON body instead of the operation. */
    respond: z
      .object({
        status: z.int().min(200).max(599),
        body: z.json().optional(),
        headers: z
          .record(
            z
              .string()
              .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'a header name (RFC 9110 token)')
              .refine((name) => !CONNECTION_HEADERS.has(name.toLowerCase()), {
                message: 'a header of the connection or its framing: the mock sets it itself',
              }),
            z
              .string()
              .max(8_192)
              .regex(
                /^[\t\x20-\x7e]*$/,
                'a header value of visible ASCII characters, spaces and tabs (no CR, LF or NUL)',
              ),
          )
          .optional(),
      })
      .strict()
      .refine((r) => r.body === undefined || !NO_BODY_STATUSES.includes(r.status), {
        message: 'a 204, 205 or 304 answer has no body',
        path: ['body'],
      })
      .optional(),
    /** Answers with a problem+json of this status instead of the operation. */
    problem: z
      .object({
        status: z.int().min(400).max(599),
        title: z.string().optional(),
        detail: z.string().optional(),
      })
      .strict()
      .optional(),
    /** A transport fault: `reset` the connection, `hang` (bounded by `hangMs`), `truncate` the body. */
    fault: z.enum(['reset', 'hang', 'truncate']).optional(),
    /** How long a `hang` lasts before the request is answered normally. Default 30 000. */
    hangMs: Wait.optional(),
  })
  .strict()
  .refine((r) => [r.respond, r.problem, r.fault].filter(Boolean).length <= 1, {
    message: 'a rule has at most one of respond, problem and fault',
  })
export type Rule = z.infer<typeof Rule>

/** Most rules a scenario holds; a session's rules added at run time count against it too. */
export const MAX_SCENARIO_RULES = 100

/** Most workers a scenario seeds (and a proxy's recording keeps). */
export const MAX_SEED_WORKERS = 1_000

/** A worker to start with: the fields of a create (spec §4.2), name optional; faker fills the rest. */
export const SeedWorker = CreateWorkerBody.partial({ name: true })
  .extend({
    destination: CreateWorkerBody.shape.destination.default('local'),
    /** Its id (a recorded one); faker draws one when absent. Unique across the scenario. */
    id: WorkerId.optional(),
    /** How long ago it was created, so the lifecycle has moved it on. Default 1 hour. */
    ageMs: z.int().min(0).max(MAX_AGE_MS).default(3_600_000),
    /**
     * When it was created (a recorded date): wins over `ageMs`. Its age is clamped to
     * [0, MAX_AGE_MS] when the session starts, so a date in the future or long past still builds.
     */
    createdAt: DateTime.refine((value) => !Number.isNaN(Date.parse(value)), {
      message: 'a date-time with its date and time separated (extended format)',
    }).optional(),
    /** A status that stays whatever the lifecycle says (e.g. `stopped`, `failed`). */
    status: MockWorkerStatus.optional(),
    /**
     * The status it was recorded in (`proxy --record`): it goes on along the lifecycle from that
     * status's step, never back to an earlier one; a status its destination's lifecycle does not
     * have (`stopped`, `failed`) stays, as `status` does. `status` wins when both are given.
     */
    recordedStatus: MockWorkerStatus.optional(),
  })
  .strict()
export type SeedWorker = z.infer<typeof SeedWorker>

/**
 * What an update may set, as a provider's seed: every field optional, the API key never (a seed
 * says only whether one is stored, `hasApiKey`).
 */
export const SeedLlmProviderFields = UpdateLlmProviderBody.omit({ apiKey: true }).partial()

// Split only to keep the keys in the order scenario files have always been checked and reported in.
const { memberIds, teamIds, ...updatable } = SeedLlmProviderFields.shape

/** The LLM provider an organization starts with: what is given, faker fills the rest. */
const SeedLlmProvider = z
  .object({
    /** Its id (a recorded one); the seed's when absent. */
    id: LlmProviderId.optional(),
    ...updatable,
    // A provider may start with no models (the `empty` scenario); each name is bounded as in the API.
    modelIds: z.array(UpdateLlmProviderBody.shape.modelIds.unwrap().element).optional(),
    hasApiKey: z.boolean().optional(),
    /**
     * The last four characters of the stored key, as the target showed them (a recording): the
     * stand-in key ends with them, so the mock's `apiKeyLastFour` answers them. Never more than four.
     * `null`: the key shows none (too short for a hint), as an export of such a provider says.
     */
    apiKeyLastFour: z
      .string()
      .regex(KEY_HINT, 'four printable ASCII characters')
      .nullable()
      .optional(),
    memberIds,
    teamIds,
  })
  .strict()
  .refine((p) => p.apiKeyLastFour === undefined || p.hasApiKey === true, {
    message: 'apiKeyLastFour needs hasApiKey: true (a key to end with them)',
    path: ['apiKeyLastFour'],
  })

/**
 * The data a session starts with: the organization, its LLM provider and the workers. A
 * scenario that declares none (a behaviour: `slow`, `flaky`) starts from the default scenario's,
 * and a session switched to it keeps its own (docs/scenarios.md#scenarios). `PUT /__mock/state` takes one too.
 */
export const ScenarioState = z
  .object({
    organization: z
      .object({
        /** Its id (a recorded one); the seed's when absent. */
        id: OrgId.optional(),
        name: z.string().min(1).optional(),
      })
      .strict()
      .default({}),
    llmProvider: SeedLlmProvider.default({}),
    workers: z
      .array(SeedWorker)
      .max(MAX_SEED_WORKERS)
      .default([])
      .superRefine((workers, ctx) => {
        const seen = new Map<string, number>()
        for (const [index, worker] of workers.entries()) {
          if (worker.id === undefined) continue
          const first = seen.get(worker.id)
          if (first === undefined) seen.set(worker.id, index)
          else
            ctx.addIssue({
              code: 'custom',
              message: `duplicate worker id ${worker.id} (also workers[${first}].id); each seeded worker needs its own`,
              path: [index, 'id'],
            })
        }
      }),
  })
  .strict()
export type ScenarioState = z.infer<typeof ScenarioState>
export type ScenarioStateInput = z.input<typeof ScenarioState>

/** A scenario's name, wherever one is given: a file's `name`, `x-mock-scenario`, `PUT /__mock/scenario`. */
export const ScenarioName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'a scenario name: lowercase letters, digits, dashes')

/** A scenario: data that layers state, rules and a lifecycle over the mock's default behaviour. */
export const Scenario = z
  .object({
    $schema: z.string().optional(),
    name: ScenarioName,
    description: z.string().default(''),
    /**
     * The target a proxy recorded this scenario from (`proxy --record` writes it): a proxy goes on
     * only from a file that carries it, and never overwrites one that does not.
     */
    recordedFrom: z.string().optional(),
    /** Seeds ids, tokens and faker for sessions of this scenario (the app's seed if absent). */
    seed: z
      .int()
      .min(0)
      .max(2 ** 32 - 1)
      .optional(),
    /** Requests need `Authorization: Bearer <token>`; the token decides the user. */
    auth: z.boolean().default(false),
    lifecycle: Lifecycle.optional(),
    /** How long a client is told to wait before polling a new worker, per destination. */
    pollAfterMs: z
      .object({
        local: z.int().positive().max(MAX_POLL_AFTER_MS),
        cloud: z.int().positive().max(MAX_POLL_AFTER_MS),
      })
      .partial()
      .strict()
      .optional(),
    /** The data sessions start with; absent: the default scenario's, kept on a switch. */
    state: ScenarioState.optional(),
    rules: z.array(Rule).max(MAX_SCENARIO_RULES).default([]),
  })
  .strict()
export type Scenario = z.infer<typeof Scenario>
export type ScenarioInput = z.input<typeof Scenario>

/** Types a scenario written in TypeScript; the result is validated when it is loaded. */
export const defineScenario = (scenario: ScenarioInput): ScenarioInput => scenario

/**
 * How a scenario is parsed: once per load, so without the fast path Zod compiles for each object
 * schema on its first parse (`new Function`, then V8's compile of it): compiling the scenario's
 * dozen objects cost the mock's start-up more than the parses they would speed up.
 */
export const ONE_SHOT_PARSE = { jitless: true } as const

/** The scenario with no state beyond the seeded organization and provider, and no rules. */
export const BASELINE_SCENARIO: Scenario = Scenario.parse(
  { name: 'default', state: {} },
  ONE_SHOT_PARSE,
)

/** No workers, and the seeded organization and provider as faker draws them. */
export const EMPTY_STATE: ScenarioState = ScenarioState.parse({}, ONE_SHOT_PARSE)
