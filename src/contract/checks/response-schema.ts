import { jsonPointer } from '../../common/json-pointer.js'
import { ALL_OPERATIONS, fail, pass } from '../check.js'
import { defineCheck } from '../define-check.js'
import { successOf } from '../success-schema.js'

const MAX_ISSUES = 3

export const responseSchema = defineCheck({
  id: 'response-schema',
  title: 'A success body has the shape the spec promises (extra fields and any offset allowed)',
  spec: '§2, §4',
  severity: 'error',
  profile: 'default',
  operations: ALL_OPERATIONS,
  appliesTo: { response: 'json-success' },
  run: ({ response, case: c }) => {
    const result = successOf(c.operationId).schema.safeParse(response.json)
    if (result.success) return pass()
    const issues = result.error.issues.slice(0, MAX_ISSUES)
    const described = issues.map((issue) => `${jsonPointer(issue.path) || '/'}: ${issue.message}`)
    const more = result.error.issues.length - issues.length
    return fail(
      `the body breaks the response schema: ${described.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`,
      jsonPointer(issues[0]?.path ?? []) || '/',
    )
  },
})
