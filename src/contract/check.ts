import type { OperationId } from '../api/operations.js'
import type { AppliesTo } from './applies-to.js'
import type { Case } from './cases.js'
import type { Exchange } from './report.js'

/** What a check sees: the case it judges, the exchange it produced, and the run's profile. */
export type CheckInput = {
  readonly case: Case
  readonly exchange: Exchange
  /** The exact text that was sent as the body. */
  readonly sentBody: string
  /** The path parameters that were used. */
  readonly params: Readonly<Record<string, string>>
  /** What earlier exchanges of the run established: identity across calls. */
  readonly earlier?: Earlier | undefined
}

/** What the run learned before this exchange, for checks that judge across calls. */
export type Earlier = {
  /** Worker ids that earlier creates answered, each with the body that created it. */
  readonly createdIds: ReadonlyMap<string, string>
  /** The worker the rename cases rename, as its create answered it. */
  readonly renamedWorker?: unknown
  /**
   * The worker the run's first successful create answered. Known to a contract run only: its
   * requests carry one set of headers, so one caller; a proxy's traffic has many callers.
   */
  readonly firstCreatedWorker?: unknown
}

export type Verdict =
  | { readonly kind: 'pass' }
  | { readonly kind: 'fail'; readonly message: string; readonly pointer?: string | undefined }
  /** The check has nothing to judge in this exchange. */
  | { readonly kind: 'n/a' }

export const pass = (): Verdict => ({ kind: 'pass' })
export const fail = (message: string, pointer?: string): Verdict => ({
  kind: 'fail',
  message,
  pointer,
})
export const notApplicable = (): Verdict => ({ kind: 'n/a' })

/**
 * A rule of the spec (or, under `--strict`, of our conventions) as data: Schemathesis-style.
 * `run` never throws on a misbehaving server; it returns a verdict. Made by `defineCheck`.
 */
export type Check = {
  /** Stable: used by --only/--skip and as the JUnit testcase name. */
  readonly id: string
  readonly title: string
  /** The spec section it enforces (`§4.2`), or `convention` for --strict checks. */
  readonly spec: string
  readonly severity: 'error' | 'warning'
  /** `strict` checks run only with --strict. */
  readonly profile: 'default' | 'strict'
  /** The operations it speaks about; a result is reported for each. */
  readonly operations: readonly OperationId[]
  /** Where it judges; elsewhere its verdict is 'n/a'. */
  readonly appliesTo: AppliesTo
  readonly run: (input: CheckInput) => Verdict
}

export const ALL_OPERATIONS: readonly OperationId[] = [
  'createWorker',
  'updateWorker',
  'updateLlmProvider',
]

export const isSuccess = (status: number) => status >= 200 && status < 300
export const isClientError = (status: number) => status >= 400 && status < 500

/** A short quote of a value for a failure message. */
export const quote = (value: unknown, max = 80) => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text
}
