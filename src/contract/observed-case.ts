import type { OperationEntry } from '../api/operation-table.js'
import { jsonPointer } from '../common/json-pointer.js'
import { isJsonMediaType } from '../common/media-type.js'
import type { Case, Expectation } from './cases.js'
import type { ParsedJson } from './parse-json.js'
import { readsTwoWays } from './reads-two-ways.js'

/**
 * Answers that speak of the caller or of the transport, not of the input: an expired token (401),
 * a missing right (403), a rate limit (429), a body over the target's own size limit (413, the spec
 * sets none). A valid request answered with one of them is not judged as "valid input rejected".
 */
const CALLER_STATUSES: readonly number[] = [401, 403, 407, 413, 429]

/** What a request the judge saw pass looks like, before it knows what the target made of it. */
export type ObservedRequest = {
  readonly operation: OperationEntry
  readonly params: Readonly<Record<string, string>>
  readonly contentType: string | undefined
  readonly body: string
  /** The body as the judge parsed it once (depth-limited). */
  readonly parsed: ParsedJson
}

/** What the judge knows beyond the request: the answer's status and whether its ids are known. */
export type Context = {
  readonly status: number | undefined
  /** Every id in the path was confirmed by an earlier success of the target. */
  readonly idsConfirmed: boolean
}

/** The first broken constraint of the params or the body, as a request pointer and a message. */
const brokenConstraintOf = (
  request: ObservedRequest,
  json: unknown,
): { pointer: string; message: string } | undefined => {
  const params = request.operation.paramsSchema?.safeParse(request.params)
  if (params && !params.success) {
    const issue = params.error.issues[0]
    return { pointer: `/params${jsonPointer(issue?.path ?? [])}`, message: issue?.message ?? '' }
  }
  const body = request.operation.bodySchema.safeParse(json)
  if (body.success) return undefined
  const issue = body.error.issues[0]
  return { pointer: `/body${jsonPointer(issue?.path ?? [])}`, message: issue?.message ?? '' }
}

const isSuccess = (status: number | undefined) =>
  status !== undefined && status >= 200 && status < 300

/**
 * The case a request someone else wrote amounts to, so the contract's own checks can judge it:
 * a request that breaks a constraint must be rejected; a valid one must be accepted when the
 * target answered it with a success, or when every id it names was confirmed by the target and
 * the answer is not about the caller (then a 4xx is a finding). Anything else has no expectation.
 */
export const observedCase = (request: ObservedRequest, context: Context): Case => {
  const base = {
    id: `observed-${request.operation.operationId}`,
    operationId: request.operation.operationId,
    params: request.params,
  } as const
  const { parsed } = request
  if (parsed.kind !== 'json') {
    return {
      ...base,
      kind: 'malformed',
      title: 'observed: a body that is not JSON',
      expect: 'reject',
      body: { raw: request.body },
      brokenPointer: '/body',
    }
  }
  const body = { json: parsed.value }
  const twoWays = readsTwoWays(request.operation, request.params, parsed.value)
  if (twoWays !== undefined)
    return { ...base, kind: 'observed', title: `observed: ${twoWays}`, expect: 'unknown', body }
  const broken = brokenConstraintOf(request, parsed.value)
  if (broken) {
    return {
      ...base,
      kind: 'observed',
      title: `observed: ${broken.pointer} breaks a constraint (${broken.message})`,
      expect: 'reject',
      body,
      brokenPointer: broken.pointer,
    }
  }
  // The spec's bodies are JSON with the content type application/json: a body labelled otherwise
  // is refused, whatever its text (the contract's body/media-type and body/form classes).
  if (!isJsonMediaType(request.contentType ?? undefined)) {
    return {
      ...base,
      kind: 'observed',
      title: `observed: a body labelled ${request.contentType ?? 'with no media type'}, not application/json`,
      expect: 'reject',
      body,
      brokenPointer: '/body',
      ...(request.contentType === undefined ? {} : { contentType: request.contentType }),
    }
  }
  const expect: Expectation =
    isSuccess(context.status) ||
    (context.idsConfirmed &&
      context.status !== undefined &&
      !CALLER_STATUSES.includes(context.status))
      ? 'accept'
      : 'unknown'
  return { ...base, kind: 'observed', title: 'observed: a valid request', expect, body }
}
