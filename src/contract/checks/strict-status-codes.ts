import { isJsonRequestType } from '../../common/media-type.js'
import { ALL_OPERATIONS, fail, pass } from '../check.js'
import { defineCheck } from '../define-check.js'
import { successOf } from '../success-schema.js'

/**
 * Our conventions (docs/limits.md#assumptions): the declared success code, 400 invalid, 404
 * unknown (and a path with no id, which names no route), 415 for a body under another media type.
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
        : c.contentType !== undefined && !isJsonRequestType(c.contentType)
          ? 415
          : c.kind === 'unknown-id' || Object.values(c.params ?? {}).includes('')
            ? 404
            : 400
    return response.status === expected
      ? pass()
      : fail(`expected exactly ${expected}, got ${response.status}`)
  },
})
