import { operationEntry } from '../../../src/api/operation-table.js'
import { broken, jsonResponse } from '../wrap-mock.js'

// A body under another media type goes down a second path (a form reader that falls back to JSON):
// a valid one is read as JSON, as the mock reads it; one that breaks a rule reaches an error
// formatter that path never set up, and answers 500. Only a bad body under another media type meets it.
export default broken(
  {
    breaks: 'no-server-error',
    catches: 'pair/two-rules',
    spec: '§4, §8 (a request that breaks a rule is refused with a 4xx)',
    description: 'a body that breaks a rule, sent under a media type other than JSON, gets a 500',
  },
  {
    before: (request) => {
      if (request.operationId === undefined) return undefined
      const isJson = /^application\/json\b/i.test(request.contentType ?? '')
      if (isJson || request.json === undefined) return undefined
      const { bodySchema } = operationEntry(request.operationId)
      return bodySchema.safeParse(request.json).success
        ? undefined
        : jsonResponse({ message: 'internal error' }, new Response(), 500)
    },
  },
)
