import type { OperationId } from '../api/operations.js'
import type { Case } from './cases.js'

/** A case that was not sent, and why. */
export type NotRun = { readonly case: Case; readonly reason: string }

/** What the run did not do: cases not sent, operations skipped whole. */
export type Unsent = {
  readonly notRun: readonly NotRun[]
  readonly skippedOperations: ReadonlyMap<OperationId, string>
}
