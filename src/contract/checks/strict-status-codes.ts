import { ALL_OPERATIONS, fail, pass } from '../check.js'
import { defineCheck } from '../define-check.js'
import { successOf } from '../success-schema.js'

/** A body sent under a media type that is not JSON's (any parameters, any case), which we answer 415. */
const isOtherMediaType = (contentType: string | undefined) =>
  contentType !== undefined && !/^application\/json\s*(;|$)/i.test(contentType)

/**
 * Our conventions (docs/limits.md#assumptions): the declared success code, 400 invalid, 404
 * unknown, 415 for a body under another media type.
 */
export const strictStatusCodes = defineCheck({
  id: 'strict-status-codes',
  title:
    'Exact status codes: the declared success code, 400 for invalid input, 404 for unknown ids, 415 for another media type',
  spec: 'convention',
  severity: 'error',
  profile: 'strict',
  operations: ALL_OPERATIONS,
  // A class of values the spec reads two ways (`either`) has no exact code, even ours.
  appliesTo: { expect: ['accept', 'reject', 'unknown'], response: 'any' },
  run: ({ response, case: c }) => {
    const expected =
      c.expect === 'accept'
        ? successOf(c.operationId).status
        : isOtherMediaType(c.contentType)
          ? 415
          : c.kind === 'unknown-id'
            ? 404
            : 400
    return response.status === expected
      ? pass()
      : fail(`expected exactly ${expected}, got ${response.status}`)
  },
})
