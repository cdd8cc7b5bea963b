import type { OperationId } from '../api/operations.js'
import type { AppliesTo } from './applies-to.js'
import type { CheckInput } from './exchange.js'

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

// A long quote is kept whole in the verdict, between marks, and cut only once the message is
// masked (`maskedMessage`): a cut made first could end inside a secret, whose part no masker knows.
const OPEN = '\uE000'
const BETWEEN = '\uE002'
const CLOSE = '\uE001'
const MARKED = /\uE000(\d+)\uE002([^\uE001]*)\uE001/g

/** A short quote of a value for a failure message: cut to `max` once the message is masked. */
export const quote = (value: unknown, max = 80) => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > max ? `${OPEN}${max}${BETWEEN}${text}${CLOSE}` : text
}

/** A verdict's message as written out: masked whole, then each long quote cut. */
export const maskedMessage = (message: string, mask: (text: string) => string) =>
  mask(message).replace(MARKED, (_, max: string, text: string) =>
    text.length > Number(max) ? `${text.slice(0, Number(max))}…(${text.length} chars)` : text,
  )
