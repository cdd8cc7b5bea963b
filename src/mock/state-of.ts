import { z } from '@hono/zod-openapi'
import { excerptStrings } from '../common/excerpt.js'
import { jsonBytes } from '../common/json-bytes.js'
import { WorkerId } from '../schemas/ids.js'
import { boundedPage, MAX_PAGE_BYTES, MAX_PAGE_LIMIT, PageLimit } from '../server/index.js'
import { toMockLlmProvider } from './factories.js'
import type { Lifecycle } from './lifecycle.js'
import { maskWithinLength } from './masked-for-writing.js'
import type { Session } from './session.js'
import type { LlmProviderRecord, WorkerRecord } from './store.js'
import { toWorkerView } from './worker-view.js'

/**
 * Strings of the state longer than this are shown as excerpts: the state is for reading, and a
 * worker's free-text fields have no spec maximum. assumption: see docs/admin-api.md
 */
export const MAX_STATE_STRING = 1024

/** Room for the `next` cursor (a worker id) when sizing the answer. */
const CURSOR_ROOM = 'x'.repeat(64)

/** A page of the state: workers after the worker `after`, at most `limit` of them. */
export type StateQuery = { after?: string | undefined; limit?: number | undefined }

/** `GET /__mock/state`'s query (built here, on the first read, not at a page's start-up). */
export const StateQuery = z
  .object({
    limit: PageLimit.optional(),
    after: WorkerId.optional(),
  })
  .strict()

/**
 * When a worker's status next changes by its lifecycle, and to what; null when it never will (the
 * last step reached, or a status pinned by a rename or a scenario).
 */
const nextChangeOf = (record: WorkerRecord, lifecycle: Lifecycle, now: number) => {
  if (record.pinnedStatus !== undefined) return null
  const createdMs = Date.parse(record.worker.createdAt)
  const age = Math.max(record.lifecycleFromMs ?? 0, now - createdMs) // a recorded status's step
  const next = lifecycle[record.worker.destination].find((step) => step.afterMs > age)
  return next ? { at: new Date(createdMs + next.afterMs).toISOString(), status: next.status } : null
}

/** A stored worker as the state shows it: statuses as of `now`, secrets masked, long strings cut. */
export const shownWorker = (session: Session, record: WorkerRecord, now: number) =>
  excerptStrings(
    {
      ...toWorkerView(record, { userId: session.userId, now, lifecycle: session.lifecycle }),
      launch: record.launch,
      nextChange: nextChangeOf(record, session.lifecycle, now),
    },
    MAX_STATE_STRING,
    maskWithinLength(session),
  )

/** The session's provider as the state shows it: the key masked, long strings cut. */
export const shownLlmProvider = (session: Session, record: LlmProviderRecord) =>
  excerptStrings(toMockLlmProvider(record), MAX_STATE_STRING, maskWithinLength(session))

/** Kept workers after the worker `after` as the state shows them, oldest first, with their size. */
function* shownWorkersAfter(session: Session, now: number, after: string | undefined) {
  const { workers } = session.store
  // Eviction drops the oldest first, so when the cursor's worker is gone, every kept one is newer.
  let isPast = after === undefined || !workers.has(after)
  for (const [id, record] of workers) {
    if (!isPast) {
      isPast = id === after
      continue
    }
    const shown = shownWorker(session, record, now)
    yield { id, shown, size: jsonBytes(shown) }
  }
}

/**
 * A session's state as `GET /__mock/state` shows it: statuses as of now, the key masked (and the
 * secrets its requests carried, wherever they are repeated), long
 * strings cut to excerpts, and the workers a page at a time (`next`: the last worker's id when
 * more remain), so the answer stays about MAX_PAGE_BYTES however large the state.
 */
export const stateOf = (session: Session, now: number, query: StateQuery = {}) => {
  const { store } = session
  const head = {
    session: session.id,
    scenario: session.scenario.name,
    seed: session.seed,
    orgId: session.orgId,
    llmProviderId: session.llmProviderId,
    organizations: excerptStrings(
      [...store.orgs.values()],
      MAX_STATE_STRING,
      maskWithinLength(session),
    ),
    llmProviders: [...store.llmProviders.values()].map((record) =>
      shownLlmProvider(session, record),
    ),
    /** What the session keeps, against its bounds (docs/limits.md#limits). */
    stored: {
      workers: store.workers.size,
      bytes: store.bytes(),
      maxWorkers: store.limits.maxWorkers,
      maxBytes: store.limits.maxBytes,
    },
  }
  const page = boundedPage(shownWorkersAfter(session, now, query.after), {
    limit: query.limit ?? MAX_PAGE_LIMIT,
    // what the rest of the answer leaves (`next` at its longest: a worker id)
    maxBytes: MAX_PAGE_BYTES - jsonBytes({ ...head, workers: [], next: CURSOR_ROOM }),
    sizeOf: (item) => item.size,
    cursorOf: (item) => item.id,
  })
  return { ...head, workers: page.items.map((item) => item.shown), next: page.next }
}
