import type { Context } from 'hono'
import { answerProblem, type ServerEnv } from '../server/index.js'
import { PROXY_PROBLEMS } from './proxy-problems.js'

/**
 * Bytes of request bodies and target answers the proxy holds at once, over all requests (64 MiB).
 * Each body is bounded by itself (8 MiB) but not their sum: 30 concurrent 6.4 MB bodies took
 * 1.46 GB. Past it a request gets a 503 with `Retry-After` before its body is read.
 */
export const MAX_IN_FLIGHT_BYTES = 64 * 1024 * 1024

/** The share of the budget one exchange holds, released once when the exchange ends. */
export type InFlightHold = {
  /** Takes `bytes` more if they fit under the total; false (nothing taken) if not. */
  readonly take: (bytes: number) => boolean
  /** Takes `bytes` more even past the total: bytes already on their way (a target's answer). */
  readonly add: (bytes: number) => void
  /** Keeps only `bytes` of what was taken (a body of unknown length, once read). */
  readonly keep: (bytes: number) => void
  readonly release: () => void
}

export type InFlightBudget = {
  readonly hold: () => InFlightHold
  /** Bytes held now, over all exchanges. */
  readonly inUse: () => number
}

/** One proxy's budget of bytes in flight. */
const createInFlightBudget = (maxBytes: number): InFlightBudget => {
  let inUse = 0
  return {
    inUse: () => inUse,
    hold: () => {
      let held = 0
      const add = (bytes: number) => {
        held += bytes
        inUse += bytes
      }
      return {
        take: (bytes) => {
          if (inUse + bytes > maxBytes) return false
          add(bytes)
          return true
        },
        add,
        keep: (bytes) => {
          if (bytes < held) add(bytes - held)
        },
        release: () => add(-held),
      }
    },
  }
}

/** Seconds a refused caller is asked to wait (`Retry-After`): exchanges in flight end by then, or by `--timeout`. */
const RETRY_AFTER_SECONDS = 1

/** What the exchange needs of the budget: it, what a request's body will take, the refusal. */
export type InFlightStage = {
  readonly budget: InFlightBudget
  /** The bytes a request's body is counted as before it is read: its length, else the most it may be. */
  readonly bodyBytesOf: (c: Context<ServerEnv>) => number
  /** The 503 problem with `Retry-After` for a request past the budget. */
  readonly busy: (c: Context<ServerEnv>) => Response
}

/** The in-flight stage of a proxy whose bodies are at most `maxBodyBytes` each (a larger one is a 413). */
export const createInFlightStage = (maxBodyBytes: number): InFlightStage => ({
  budget: createInFlightBudget(MAX_IN_FLIGHT_BYTES),
  bodyBytesOf: (c) => {
    const length = c.req.header('content-length')
    if (length !== undefined && /^\d+$/.test(length)) return Math.min(Number(length), maxBodyBytes)
    // No length, no chunking, on a socket: no body (RFC 9112 §6.3); in-process, a body may be there.
    if (c.req.header('transfer-encoding') === undefined && c.env?.incoming !== undefined) return 0
    return c.req.raw.body === null ? 0 : maxBodyBytes
  },
  busy: (c) =>
    answerProblem(c, PROXY_PROBLEMS.proxyBusy(MAX_IN_FLIGHT_BYTES, RETRY_AFTER_SECONDS), {
      headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
    }),
})
