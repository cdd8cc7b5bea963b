import type { Context } from 'hono'
import { utf8Length } from '../common/utf8-length.js'
import { redactJson } from '../secrets/index.js'
import { answerProblem } from '../server/index.js'
import type { MockEnv } from './env.js'
import { MAX_AGE_MS } from './lifecycle.js'
import { maskedForWriting } from './masked-for-writing.js'
import { MOCK_PROBLEMS } from './problems.js'
import { providerSeedOf } from './provider-seed.js'
import { remainingOf } from './runtime-rule.js'
import { MAX_SEED_WORKERS, type Rule, type ScenarioInput, type SeedWorker } from './scenario.js'
import { MAX_SCENARIO_FILE_BYTES } from './scenario-registry.js'
import type { Session } from './session.js'
import type { WorkerRecord } from './store.js'

/** A worker as a seed: its fields, and its status as the lifecycle will give it again. */
type ExportedWorker = Omit<SeedWorker, 'createdAt' | 'recordedStatus'>

/**
 * A stored worker as a scenario's seed that, loaded, shows it as it stands now. Its age, not its
 * date: loaded later, a worker on its way (`provisioning`) is on the same step again and goes on
 * from there, where a date would have moved it on; a recorded status's step counts as its age. A
 * pinned status stays pinned.
 */
const exportedWorker = (record: WorkerRecord, now: number): ExportedWorker => {
  const { worker } = record
  const age = Math.max(record.lifecycleFromMs ?? 0, now - Date.parse(worker.createdAt))
  return {
    id: worker.id,
    name: worker.name,
    destination: worker.destination,
    description: worker.description,
    workspacePath: worker.workspacePath,
    sandboxBackend: worker.sandboxBackend,
    imageVersion: worker.imageVersion,
    ageMs: Math.min(MAX_AGE_MS, Math.max(0, age)),
    ...(record.pinnedStatus === undefined ? {} : { status: record.pinnedStatus }),
  }
}

/** A scenario file as exported: its rules masked (see `scenarioOf`), so typed as JSON only. */
type ExportedScenario = Omit<ScenarioInput, 'rules'> & { readonly rules: readonly unknown[] }

const masked = maskedForWriting

/**
 * A rule as it stands after `applied` uses: a counted rule with the uses it has left, none when it
 * has none left (loaded, it must not apply again). A rate limit's window and the draws of
 * `probability` and latency ranges are not written: a scenario file has no field for them, and
 * loaded they start afresh (docs/admin-api.md#exporting-a-session).
 */
const ruleLeft = (rule: Rule, applied: number): Rule[] => {
  const remaining = remainingOf(rule, applied)
  if (remaining === null) return [rule]
  return remaining === 0 ? [] : [{ ...rule, times: remaining }]
}

/** The session's rules as they stand now, in the order they apply: those added at run time first. */
const rulesLeft = (session: Session): Rule[] => [
  ...session.runtimeRules.flatMap((added) => ruleLeft(added.rule, added.applied)),
  ...session.scenario.rules.flatMap((rule, index) =>
    ruleLeft(rule, session.rules.applied[index] ?? 0),
  ),
]

/**
 * The session as a scenario file: its scenario's settings, its data as `state` and its rules as
 * they stand now, those added at run time first (the order they apply in). The `keep` newest
 * workers only. Its description says it is an export, of which session and when.
 */
const scenarioOf = (session: Session, now: number, keep: number): ExportedScenario => {
  const { scenario } = session
  const workers = keep === 0 ? [] : [...session.store.workers.values()].slice(-keep)
  const dropped = session.store.workers.size - workers.length
  const rules = rulesLeft(session)
  const sessionName =
    session.id === '' ? 'the default session' : `session ${JSON.stringify(session.id)}`
  return masked(session, {
    name: scenario.name,
    description: [
      `Export of ${sessionName} (scenario ${scenario.name}) at ${new Date(now).toISOString()}.`,
      scenario.description,
      dropped === 0
        ? ''
        : `The ${dropped} oldest workers were left out: a scenario file holds at most ${MAX_SEED_WORKERS} workers and ${MAX_SCENARIO_FILE_BYTES} bytes.`,
    ]
      .filter(Boolean)
      .join(' '),
    ...(scenario.seed === undefined ? {} : { seed: scenario.seed }),
    auth: scenario.auth,
    ...(scenario.lifecycle === undefined ? {} : { lifecycle: scenario.lifecycle }),
    ...(scenario.pollAfterMs === undefined ? {} : { pollAfterMs: scenario.pollAfterMs }),
    state: {
      ...providerSeedOf(session),
      workers: workers.map((record) => exportedWorker(record, now)),
    },
    // A secret-named field a rule's answer holds is masked, as everywhere the kit writes rules.
    rules: rules.map((rule) => redactJson(rule)),
  })
}

const fileText = (scenario: ExportedScenario) => `${JSON.stringify(scenario, null, 2)}\n`

/**
 * The session's scenario file within a scenario file's bounds (what `mock --scenario` reads): all
 * its workers when they fit, else the newest that do (found by halving: a few renderings at most).
 */
const exportText = (session: Session, now: number): string | undefined => {
  const fits = (text: string) => utf8Length(text) <= MAX_SCENARIO_FILE_BYTES
  const all = fileText(
    scenarioOf(session, now, Math.min(MAX_SEED_WORKERS, session.store.workers.size)),
  )
  if (fits(all)) return all
  let [low, high] = [0, Math.min(MAX_SEED_WORKERS, session.store.workers.size)]
  let best = fileText(scenarioOf(session, now, 0))
  if (!fits(best)) return undefined
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    const text = fileText(scenarioOf(session, now, mid))
    if (fits(text)) {
      best = text
      low = mid
    } else high = mid - 1
  }
  return best
}

/**
 * The answer of `GET /__mock/scenario/export`: the session's current state and rules as a scenario
 * file, to download, commit and load with `mock --scenario FILE`. No secret in it: the provider's
 * key only as `hasApiKey` (and the last four characters the API shows).
 */
export const answerScenarioExport = (c: Context<MockEnv>): Response => {
  const { session, now } = c.var
  const text = exportText(session, now)
  if (text === undefined)
    return answerProblem(c, MOCK_PROBLEMS.exportTooLarge(MAX_SCENARIO_FILE_BYTES))
  return c.body(text, 200, {
    'content-type': 'application/json',
    'content-disposition': `attachment; filename="${session.scenario.name}.json"`,
  })
}
