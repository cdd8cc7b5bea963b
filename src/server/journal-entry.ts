import type { OperationId } from '../api/operations.js'
import type { JournalHeaders } from './journal-headers.js'

/** One request the mock answered, as test authors read it back. Secrets are masked on write. */
export type JournalEntry = {
  readonly seq: number
  readonly at: string
  readonly session: string
  readonly operationId: OperationId | null
  readonly method: string
  readonly path: string
  readonly query: string
  readonly status: number
  readonly durationMs: number
  readonly request: {
    readonly contentType: string | null
    /** `[REDACTED]` when an Authorization header was sent, else null. */
    readonly authorization: string | null
    /** Its headers: lowercase names, a credential's value `[REDACTED]`, bounded (journal-headers.ts). */
    readonly headers: JournalHeaders
    /** The JSON body with secret fields masked, the text when not JSON, null when empty. */
    readonly body: unknown
    /**
     * Where the journal masked the request, a JSON pointer each (`/headers/authorization`,
     * `/body/apiKey`); unset when it masked nothing. A replay asks for these values only.
     */
    readonly masked?: readonly string[]
  }
  /** The answer, journalled as the request is: secrets masked, a large body as its size. */
  readonly response: {
    readonly contentType: string | null
    /** Its headers, kept as the request's are. */
    readonly headers: JournalHeaders
    /** The JSON body with secret fields masked, the text when not JSON, null when empty. */
    readonly body: unknown
  }
  /** The `Prefer` override that shaped the answer (`code=429`), else null. */
  readonly prefer: string | null
  /**
   * The rules that applied (added at run time, then the scenario's), in order: `effect` says what
   * each did (`latency 300 ms`).
   */
  readonly rules: readonly JournalRule[]
  /** What a proxy found wrong with the target's answer (the mock never sets it). */
  readonly violations?: readonly JournalViolation[]
  /**
   * Who answered, when the mock's own operations did not: the proxy's target, its fallback mock or
   * the proxy itself (a 502/504/508 problem); the mock's `--passthrough` backend (`passthrough`).
   * Unset for the mock's own answers.
   */
  readonly source?: 'target' | 'fallback' | 'proxy' | 'passthrough'
}

/** A scenario rule that applied to a request (see `AppliedRule` in rules.ts). */
export type JournalRule = {
  readonly index: number
  /** A rule added at run time (`POST /__mock/rules`): its id, `rule_<n>`; else null. */
  readonly id: string | null
  readonly description: string | null
  readonly effect: string
}

/** A check a proxied answer failed: the check's id, where (a JSON pointer) and what. */
export type JournalViolation = {
  readonly check: string
  readonly pointer: string | null
  readonly message: string
}
