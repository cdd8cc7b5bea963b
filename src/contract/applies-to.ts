import type { CaseKind, Expectation } from './cases.js'
import type { CheckInput, Earlier, ReceivedResponse } from './exchange.js'
import { isClientError, isSuccess } from './status-class.js'

/** The answers a check judges; `json-success` is a 2xx whose body parsed as JSON. */
type ResponseClass = 'any' | 'success' | 'json-success' | 'client-error'

/**
 * Where a check applies, as data: every condition it names must hold, or its verdict on the
 * exchange is 'n/a'. A condition it does not name always holds.
 */
export type AppliesTo = {
  /** The case's expectation is one of these. */
  readonly expect?: readonly Expectation[]
  /** The case is of this kind. */
  readonly kind?: CaseKind
  /** The case is of any kind but this one. */
  readonly exceptKind?: CaseKind
  /** An answer came back, of this class. */
  readonly response?: ResponseClass
  /** What earlier exchanges of the run established is known. */
  readonly earlier?: true
}

/** What a check's `run` sees where it applies: the answer and the earlier exchanges, when it asks for them. */
export type ApplicableInput<A extends AppliesTo> = CheckInput &
  (A extends { readonly response: ResponseClass }
    ? { readonly response: ReceivedResponse }
    : { readonly response?: ReceivedResponse | undefined }) &
  (A extends { readonly earlier: true } ? { readonly earlier: Earlier } : unknown)

/** A check's input with the exchange's answer at hand. */
export type AnsweredInput = CheckInput & { readonly response?: ReceivedResponse | undefined }

const IS_OF_CLASS: Readonly<Record<ResponseClass, (response: ReceivedResponse) => boolean>> = {
  any: () => true,
  success: (response) => isSuccess(response.status),
  'json-success': (response) => isSuccess(response.status) && response.isJson,
  'client-error': (response) => isClientError(response.status),
}

/** Whether every condition of `where` holds for this exchange. */
export const applies = <A extends AppliesTo>(
  where: A,
  input: AnsweredInput,
): input is ApplicableInput<A> => {
  const { expect, kind } = input.case
  if (where.expect && !where.expect.includes(expect)) return false
  if (where.kind !== undefined && kind !== where.kind) return false
  if (where.exceptKind !== undefined && kind === where.exceptKind) return false
  if (where.earlier && input.earlier === undefined) return false
  if (where.response === undefined) return true
  return input.response !== undefined && IS_OF_CLASS[where.response](input.response)
}
