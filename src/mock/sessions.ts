// The sessions of one app: by `x-mock-session`, made on first use, the least recently used
// dropped first when there are too many or they hold too many bytes.
import { createSecretBook } from '../secrets/index.js'
import { createRandom } from './internal/random.js'
import { EMPTY_STATE, type Scenario, type ScenarioState } from './scenario.js'
import { createSession, type Session, streamSeed, withBehaviour } from './session.js'
import { DEFAULT_MAX_SESSION_BYTES, type StoreLimits } from './store.js'

/** Most sessions kept at once; past it the least recently used is dropped (docs/limits.md#limits). */
export const DEFAULT_MAX_SESSIONS = 100

/**
 * Bytes of workers kept over all sessions (each session's `store.bytes()`); past it the least
 * recently used sessions are dropped, as past `maxSessions`. 32 sessions at their full 8 MiB
 * budget: a bound a laptop bears, where 100 × 8 MiB would not. assumption: see docs/limits.md#limits
 */
const DEFAULT_MAX_TOTAL_BYTES = 256 * 1024 * 1024

export type Sessions = ReturnType<typeof createSessions>

/**
 * A session a request entered, and how to undo what entering it made, for a request the mock
 * refuses: a session it started goes again, one its `x-mock-scenario` switched comes back as it was.
 */
type SessionEntry = { readonly session: Session; readonly putBack: () => void }

const NOTHING_TO_PUT_BACK = () => undefined

/** Sessions by `x-mock-session`, created on first use, least recently used evicted first. */
export const createSessions = (options: {
  seed: number
  /** Bounds of each session's store; `maxBytes` defaults to DEFAULT_MAX_SESSION_BYTES. */
  limits: { maxWorkers: number; maxBytes?: number | undefined }
  maxSessions: number
  /** Bytes of workers kept over all sessions; default DEFAULT_MAX_TOTAL_BYTES. */
  maxTotalBytes?: number | undefined
  clock: () => number
  scenario: () => Scenario
  /** The data a session starts with when its scenario declares none: the default scenario's. */
  defaultState?: () => ScenarioState
}) => {
  const sessions = new Map<string, Session>()
  const limits: StoreLimits = {
    maxWorkers: options.limits.maxWorkers,
    maxBytes: options.limits.maxBytes ?? DEFAULT_MAX_SESSION_BYTES,
  }
  const maxTotalBytes = options.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES
  // One book of secrets for the app: what any session learns (a key, a token a client sent) is
  // masked in every session's journal, state and export, and a reset forgets none of it.
  const secrets = createSecretBook({ mockTokens: true })
  // What a named session creates is drawn from one stream of the app: two sessions creating in
  // the same millisecond never hand out the same worker id or tokens, whatever their names. The
  // default session keeps the seed's own sequence (the fixtures and the printed ids stand on it).
  const named = createRandom(streamSeed(options.seed, 'sessions'))
  const totalBytes = () => {
    let total = 0
    for (const session of sessions.values()) total += session.store.bytes()
    return total
  }
  /** Drops the least recently used sessions, never `id` (the one in use), while the total is over. */
  const shed = (id: string) => {
    if (sessions.size < 2) return
    let total = totalBytes()
    for (const [oldest, session] of sessions) {
      if (total <= maxTotalBytes) break
      if (oldest === id) continue
      total -= session.store.bytes()
      sessions.delete(oldest)
    }
  }
  const keep = (id: string, session: Session) => {
    sessions.delete(id)
    sessions.set(id, session)
    return session
  }
  /**
   * Drops the least recently used sessions past `maxSessions`, never `id`. It runs as the next
   * request enters, not as a session is made: a session the mock then refuses to keep (its request
   * refused) goes again without having pushed another out. The map holds at most `maxSessions`
   * and the sessions made by the requests in flight.
   */
  const trim = (id: string) => {
    for (const oldest of sessions.keys()) {
      if (sessions.size <= options.maxSessions) break
      if (oldest !== id) sessions.delete(oldest)
    }
  }
  const start = (id: string, scenario: Scenario, state?: ScenarioState) => {
    // A scenario's rules may answer a secret (a key in a body or a header): masked where it comes back.
    secrets.learnJson(scenario.rules)
    return keep(
      id,
      createSession({
        id,
        seed: options.seed,
        ...(id === '' ? {} : { ids: named }),
        limits,
        scenario,
        state: state ?? scenario.state ?? options.defaultState?.() ?? EMPTY_STATE,
        now: options.clock(),
        secrets,
      }),
    )
  }
  /** `id` under `scenario`: its data kept when the scenario declares none, else started afresh. */
  const switchTo = (id: string, scenario: Scenario, found: Session | undefined) =>
    found && scenario.state === undefined
      ? keep(id, withBehaviour(found, scenario, options.seed))
      : start(id, scenario)
  // When each session was last entered: a switch is put back only while no other request has
  // entered the session since (one that did may have written to it, or still may).
  const entries = new WeakMap<Session, number>()
  let entered = 0
  const putBack = (id: string, made: Session, stamp: number, found: Session | undefined) => {
    if (sessions.get(id) !== made || entries.get(made) !== stamp) return
    if (found) keep(id, found)
    else sessions.delete(id)
  }
  /**
   * The session `id`, started (again) when new or when `scenario` is not the one it runs. What it
   * made can be put back: a session it started goes again, one it switched comes back as it was;
   * the order of use and the sessions dropped to make room stay as they are.
   */
  const enter = (id: string, scenario: Scenario | undefined): SessionEntry => {
    trim(id)
    const found = sessions.get(id)
    if (found && (!scenario || found.scenario === scenario)) {
      sessions.delete(id) // least recently used goes first: re-insert at the end
      sessions.set(id, found)
      shed(id)
      entries.set(found, ++entered)
      return { session: found, putBack: NOTHING_TO_PUT_BACK }
    }
    const session = scenario
      ? switchTo(id, scenario, found)
      : start(id, found?.scenario ?? options.scenario())
    shed(id)
    const stamp = ++entered
    entries.set(session, stamp)
    return { session, putBack: () => putBack(id, session, stamp, found) }
  }
  return {
    /** The app's one book of secrets, which every session shares (the log line masks with it too). */
    secrets,
    /**
     * The session `id`, started with the app's scenario if new; never restarted. Checks the bound
     * over all sessions first: a request's writes count from the next request on (overshoot: what
     * the requests in flight write, one body each).
     */
    get(id: string): Session {
      return enter(id, undefined).session
    },
    /**
     * The session `id` under `scenario` (`x-mock-scenario`): the same session while its scenario
     * is that one, else started afresh from it.
     */
    under(id: string, scenario: Scenario): Session {
      return enter(id, scenario).session
    },
    /**
     * A request's session: `id`, under `scenario` when its header names one, as `get` and `under`
     * give it; and how to undo the switch it made, when the mock refuses the request.
     */
    enter,
    /** Starts the session again from its scenario. */
    reset(id: string): Session {
      return start(id, sessions.get(id)?.scenario ?? options.scenario())
    },
    /**
     * Puts the session under `scenario`: its data kept when the scenario declares none (a
     * behaviour), else started afresh from the scenario's.
     */
    use(id: string, scenario: Scenario): Session {
      return switchTo(id, scenario, sessions.get(id))
    },
    /** Starts the session again from `state`, under its scenario. */
    seed(id: string, state: ScenarioState): Session {
      return start(id, sessions.get(id)?.scenario ?? options.scenario(), state)
    },
    /** Drops every session; the next request starts afresh. */
    clear() {
      sessions.clear()
    },
    ids: () => [...sessions.keys()],
    /** The stream named sessions draw ids and tokens from (saved and loaded with the state). */
    namedIds: { save: named.save, load: named.load },
    size: () => sessions.size,
    /** Bytes of workers kept over all sessions. */
    bytes: totalBytes,
  }
}
