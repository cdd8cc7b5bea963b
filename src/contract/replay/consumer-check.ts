import { type Declared, declaredAt, type JsonType, jsonTypeOf } from '../../api/declared-shape.js'
import type { OperationId } from '../../api/operations.js'
import { statusClassOf } from '../status-class.js'

// The consumer's check: the target's answer beside what the app was answered in the recording.
// As in Pact's provider verification, the app's expectations are the status class and every
// field it saw, with its JSON type; a field the target adds is fine. What the spec promises (a
// declared field, of a type the spec allows) fails the run when the target breaks it; what the
// spec does not promise (a choice the mock made where the spec is silent) is a consumer risk.

export type ConsumerFinding = {
  /** `failure`: the target breaks what the app relied on and the spec promises; `risk`: what the app relied on, the spec does not promise. */
  readonly kind: 'failure' | 'risk'
  /** Where in the answer (a JSON pointer); `''` for the status. */
  readonly pointer: string
  readonly message: string
}

/** Most findings one exchange reports (an answer of another shape altogether differs everywhere). */
const MAX_FINDINGS = 50
const MAX_DEPTH = 32

const A: Readonly<Record<JsonType, string>> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  null: 'null',
  object: 'an object',
  array: 'an array',
}

const escaped = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1')

const allows = (declared: Declared, type: JsonType) =>
  declared.types === 'any' || declared.types.has(type)

type Walk = {
  readonly operationId: OperationId
  /** The answer is a success: the spec's success schema says what is promised. */
  readonly isSuccess: boolean
  readonly findings: ConsumerFinding[]
}

const note = (walk: Walk, finding: ConsumerFinding) => {
  if (walk.findings.length < MAX_FINDINGS) walk.findings.push(finding)
}

/** The spec's word on a place: only a success body is declared (the spec shows no error body). */
const declaredOf = (walk: Walk, segments: readonly string[]) =>
  walk.isSuccess ? declaredAt(walk.operationId, segments) : undefined

const compare = (
  walk: Walk,
  saw: unknown,
  got: unknown,
  pointer: string,
  segments: readonly string[],
  isThere: boolean,
  depth: number,
): void => {
  if (depth > MAX_DEPTH || walk.findings.length >= MAX_FINDINGS) return
  const seen = jsonTypeOf(saw)
  const declared = declaredOf(walk, segments)
  const where = pointer === '' ? 'the body' : pointer
  if (!isThere) {
    note(walk, {
      kind: declared?.promised ? 'failure' : 'risk',
      pointer,
      message: `the app read ${where} (${A[seen]}); the target's answer has none${declared ? (declared.promised ? ', and the spec requires it' : ': the spec does not require it') : ': the spec does not show this field'}`,
    })
    return
  }
  const answered = jsonTypeOf(got)
  if (answered !== seen) {
    const isAllowed = declared !== undefined && allows(declared, answered)
    note(walk, {
      kind: declared && !isAllowed ? 'failure' : 'risk',
      pointer,
      message: `the app saw ${A[seen]} at ${where}; the target answers ${A[answered]}${declared ? (isAllowed ? ', which the spec also allows' : ', which the spec does not allow') : ': the spec does not show this field'}`,
    })
    return
  }
  if (seen === 'array' && Array.isArray(saw) && Array.isArray(got)) {
    // An empty array is a fine answer: items are compared where the target has some.
    if (got.length === 0) return
    saw.forEach((item, i) => {
      const beside = i < got.length ? got[i] : got[0]
      compare(walk, item, beside, `${pointer}/${i}`, [...segments, '[]'], true, depth + 1)
    })
    return
  }
  if (seen !== 'object' || typeof saw !== 'object' || saw === null) return
  if (typeof got !== 'object' || got === null) return
  for (const [key, value] of Object.entries(saw)) {
    compare(
      walk,
      value,
      Reflect.get(got, key),
      `${pointer}/${escaped(key)}`,
      [...segments, key],
      Object.hasOwn(got, key),
      depth + 1,
    )
  }
}

export type ConsumerCheckInput = {
  readonly operationId: OperationId
  /** What the app was answered in the recording: its status and its JSON body (undefined when not JSON). */
  readonly recorded: { readonly status: number; readonly json: unknown }
  /** What the target answers now. */
  readonly target: { readonly status: number; readonly json: unknown }
}

/**
 * The target's answer held to what the app saw: the same status class (a success where the app
 * was answered one, a refusal where it was refused), then every field the app saw, with its JSON
 * type. Whether a difference fails or is a risk is the spec's word on the place.
 */
export const consumerCheck = ({
  operationId,
  recorded,
  target,
}: ConsumerCheckInput): ConsumerFinding[] => {
  const was = statusClassOf(recorded.status)
  const is = statusClassOf(target.status)
  if (was !== is)
    return [
      {
        kind: 'failure',
        pointer: '',
        message: `the app was answered ${recorded.status} (${was}); the target answers ${target.status} (${is})`,
      },
    ]
  if (recorded.json === undefined) return []
  const walk: Walk = { operationId, isSuccess: was === '2xx', findings: [] }
  compare(walk, recorded.json, target.json, '', [], target.json !== undefined, 0)
  return walk.findings
}
