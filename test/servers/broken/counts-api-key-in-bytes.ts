import { broken, getAt, jsonResponse } from '../wrap-mock.js'

const MAX = 65_535 // spec §4.1: apiKey, in characters; here taken as the bytes of a TEXT column

// Checks the key's UTF-8 bytes against the maximum: a key at the maximum in characters but not in
// bytes is refused.
export default broken(
  {
    breaks: 'accepts-valid-input',
    catches: 'max-length/at-multibyte',
    spec: '§4.1, §8 (apiKey: maximum length 65535 characters)',
    description: 'an apiKey of 65535 characters over 65535 UTF-8 bytes is rejected with 400',
  },
  {
    before: (request) => {
      const apiKey = getAt(request.json, ['apiKey'])
      return request.operationId === 'updateLlmProvider' &&
        typeof apiKey === 'string' &&
        Buffer.byteLength(apiKey, 'utf8') > MAX
        ? jsonResponse({ message: 'apiKey is too long' }, new Response(), 400)
        : undefined
    },
  },
)
