import { PROBLEM_CONTENT_TYPE } from '../../api/content.js'
import { mediaType } from '../../common/media-type.js'
import { Problem } from '../../schemas/problem.js'
import { ALL_OPERATIONS, fail, pass, quote } from '../check.js'
import { defineCheck } from '../define-check.js'

export const strictProblemDetails = defineCheck({
  id: 'strict-problem-details',
  title: 'Rejections are application/problem+json naming the broken field in errors[].pointer',
  spec: 'convention (RFC 9457)',
  severity: 'error',
  profile: 'strict',
  operations: ALL_OPERATIONS,
  appliesTo: { expect: ['reject'], response: 'client-error' },
  run: ({ response, case: { brokenPointer } }) => {
    const contentType = response.headers['content-type'] ?? ''
    if (mediaType(contentType) !== PROBLEM_CONTENT_TYPE) {
      return fail(
        `content-type is ${quote(contentType || 'missing')}, not application/problem+json`,
      )
    }
    const problem = Problem.safeParse(response.json)
    if (!problem.success)
      return fail(`the body is not a problem document: ${problem.error.issues[0]?.message ?? ''}`)
    const pointers = problem.data.errors?.map((e) => e.pointer) ?? []
    if (brokenPointer !== undefined && !pointers.includes(brokenPointer)) {
      return fail(
        `errors[].pointer does not name ${brokenPointer} (got ${quote(pointers)})`,
        '/errors',
      )
    }
    return pass()
  },
})
