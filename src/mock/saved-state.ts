import { z } from '@hono/zod-openapi'
import type { MockControl } from './admin.js'
import { maskedForWriting } from './masked-for-writing.js'
import { providerSeedOf } from './provider-seed.js'
import { MAX_SEED_WORKERS, type Scenario, ScenarioName, ScenarioState } from './scenario.js'
import type { Session } from './session.js'
import type { WorkerRecord } from './store.js'

/** Bumped when the saved shape changes: an older one is then ignored, never half read. */
const SAVED_STATE_FORMAT = 'worker-api-kit/saved-state@1'

/** A generator's four 32-bit words (see `Random.save`). */
const RandomWords = z.tuple([z.uint32(), z.uint32(), z.uint32(), z.uint32()]).readonly()

const SavedSession = z
  .object({
    id: z.string(),
    scenario: ScenarioName,
    /** Its data in the form `PUT /__mock/state` takes: the provider's key only as `hasApiKey`. */
    state: ScenarioState,
    /** Where its rules' draws are (`probability`, latency ranges). */
    draws: RandomWords,
    /** How often each of its scenario's rules applied, and their recent hits (rate limits). */
    rules: z.object({ applied: z.array(z.int().min(0)), hits: z.array(z.array(z.number())) }),
  })
  .strict()

/**
 * What a mock keeps across a page reload (`createMswHandlers({ persist })`): each session's data
 * as `PUT /__mock/state` takes it, its scenario, and where the id streams are, so a restored mock
 * never hands out an id it already gave.
 */
const SavedState = z
  .object({
    format: z.literal(SAVED_STATE_FORMAT),
    /** The scenario new sessions start with (`PUT /__mock/scenario` without a session). */
    scenario: ScenarioName,
    /** The default session's id stream, and the one named sessions share. */
    ids: z.object({ default: RandomWords.optional(), named: RandomWords }).strict(),
    sessions: z.array(SavedSession),
  })
  .strict()
export type SavedState = z.infer<typeof SavedState>

/** The status a seed gives back: the pinned one, or the lifecycle step a recorded status started at. */
const seededStatusOf = (record: WorkerRecord, session: Session) => {
  if (record.pinnedStatus !== undefined) return { status: record.pinnedStatus }
  const from = record.lifecycleFromMs
  const step = session.lifecycle[record.worker.destination].find((s) => s.afterMs === from)
  return step === undefined ? {} : { recordedStatus: step.status }
}

/** A session's data as a scenario's `state`: what `PUT /__mock/state` takes, never the key itself. */
const seedOf = (session: Session): z.input<typeof ScenarioState> => {
  // The newest a scenario can hold: a store keeps more than a seed takes.
  const workers = [...session.store.workers.values()].slice(-MAX_SEED_WORKERS)
  return {
    ...providerSeedOf(session),
    workers: workers.map((record) => ({
      id: record.worker.id,
      name: record.worker.name,
      destination: record.worker.destination,
      description: record.worker.description,
      workspacePath: record.worker.workspacePath,
      sandboxBackend: record.worker.sandboxBackend,
      imageVersion: record.worker.imageVersion,
      createdAt: record.worker.createdAt,
      ...seededStatusOf(record, session),
    })),
  }
}

/** The mock's sessions as they can be saved, or undefined when it has none (all reset). */
export const saveState = (
  control: MockControl,
  appScenario: Scenario,
): z.input<typeof SavedState> | undefined => {
  const ids = control.sessions.ids()
  if (ids.length === 0) return undefined
  const sessions = ids.map((id) => control.sessions.get(id))
  const defaultIds = sessions.find((s) => s.id === '')?.random.save()
  return {
    format: SAVED_STATE_FORMAT,
    scenario: appScenario.name,
    ids: {
      ...(defaultIds && { default: defaultIds }),
      named: control.sessions.namedIds.save(),
    },
    sessions: sessions.map((session) => ({
      id: session.id,
      scenario: session.scenario.name,
      // Storage is a place the kit writes: through the book of secrets, as an export is.
      state: maskedForWriting(session, seedOf(session)),
      draws: session.draws.save(),
      rules: session.rules,
    })),
  }
}

/** A reason a saved state was not taken, or null when it was. */
type LoadFailure = string | null

/**
 * Starts the mock's sessions again from a saved state (`saveState`'s). Anything else (another
 * format, an unknown scenario, broken data) changes nothing and answers why.
 */
export const loadState = (control: MockControl, saved: unknown): LoadFailure => {
  const parsed = SavedState.safeParse(saved)
  if (!parsed.success)
    return `not a saved state of this version (${parsed.error.issues[0]?.message})`
  const { data } = parsed
  const scenarios = new Map<string, Scenario>()
  for (const name of [data.scenario, ...data.sessions.map((s) => s.scenario)]) {
    const found = control.lookupScenario(name)
    if (!found) return `the scenario ${name} is not known to this mock`
    scenarios.set(name, found)
  }
  control.useScenario(data.scenario, '')
  control.sessions.clear()
  for (const saved of data.sessions) {
    const scenario = scenarios.get(saved.scenario)
    if (!scenario) continue
    control.sessions.use(saved.id, scenario)
    const session = control.sessions.seed(saved.id, saved.state)
    session.draws.load(saved.draws)
    if (saved.rules.applied.length === scenario.rules.length)
      session.rules.applied.splice(0, Infinity, ...saved.rules.applied)
    if (saved.rules.hits.length === scenario.rules.length)
      session.rules.hits.splice(0, Infinity, ...saved.rules.hits)
    if (saved.id === '' && data.ids.default) session.random.load(data.ids.default)
  }
  control.sessions.namedIds.load(data.ids.named)
  return null
}
