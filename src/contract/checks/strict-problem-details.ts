import { PROBLEM_CONTENT_TYPE } from '../../api/content.js'
import { isJsonRequestType, mediaType } from '../../common/media-type.js'
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
  run: ({ response, case: { brokenPointer, params, contentType: sentAs } }) => {
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
    // A path with an id left empty names no route: its 404 has no field to point at. A body under
    // another media type is refused for its header, before any field is read.
    const namesNoRoute = Object.values(params ?? {}).includes('')
    const named =
      sentAs !== undefined && !isJsonRequestType(sentAs) ? '/headers/content-type' : brokenPointer
    if (named !== undefined && !namesNoRoute && !pointers.includes(named)) {
      return fail(`errors[].pointer does not name ${named} (got ${quote(pointers)})`, '/errors')
    }
    return pass()
  },
})
