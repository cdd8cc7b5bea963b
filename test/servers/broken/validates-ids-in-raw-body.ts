import { broken, getAt, jsonResponse } from '../wrap-mock.js'

// Checks member and team ids with a regex over the body's raw text before parsing it: an id
// written with \u escapes is the same JSON string, but the regex does not find it.
export default broken(
  {
    breaks: 'accepts-valid-input',
    catches: 'string/unicode-escapes',
    spec: '§1 (bodies are JSON), §4.1 (memberIds, teamIds)',
    description: 'memberIds or teamIds written as \\u escapes are rejected with 400',
  },
  {
    before: (request) => {
      if (request.operationId !== 'updateLlmProvider') return undefined
      const ids = ['memberIds', 'teamIds'].flatMap((key) => {
        const value = getAt(request.json, [key])
        return Array.isArray(value) ? value.filter((id) => typeof id === 'string') : []
      })
      return ids.every((id) => request.text.includes(`"${id}"`))
        ? undefined
        : jsonResponse({ message: 'memberIds: malformed id' }, new Response(), 400)
    },
  },
)
