import type { OperationId } from '../../api/operations.js'
import type { Case } from '../cases.js'
import type { Step } from './plan.js'

/** A check that failed on a call. */
type CallFailure = { readonly checkId: string; readonly message: string }

/** What became of one call of a sequence. */
export type SentCall = {
  readonly operationId: OperationId
  readonly status: number | undefined
  /** The request as a curl line, masked. */
  readonly curl: string
  /** The checks that failed on it (warnings only under `--strict`). */
  readonly failures: readonly CallFailure[]
  /** The checks that warned on it (outside `--strict`): they are not shrunk. */
  readonly warnings: readonly CallFailure[]
  readonly createdId?: string | undefined
}

/**
 * How a sequence reaches the target. `record`: the run's own call, judged into the report;
 * `probe`: a call of a shorter sequence tried while shrinking, judged for its verdict alone.
 */
export type SequenceIo = {
  /** Sends one call; undefined when it was not sent (the run's bound, the create budget). */
  readonly send: (
    c: Case,
    params: Readonly<Record<string, string>>,
    mode: 'record' | 'probe',
  ) => Promise<SentCall | undefined>
  /** Whether the target's last answer failed in transport: a step's calls then go one at a time. */
  readonly isStruggling: () => boolean
  /** Whether a sequence of this many calls and creates is within what the run may still spend. */
  readonly canAfford: (calls: number, creates: number) => boolean
  /** A finding of the run's (its check, and the call's curl line) and the sequence that leads to it. */
  readonly note: (
    failed: { checkId: string; operationId: OperationId; curl: string },
    script: string[],
  ) => void
}

/** One step as it was sent: each command with what became of it (undefined: not sent). */
export type SentStep = { readonly step: Step; readonly calls: readonly (SentCall | undefined)[] }
