import { broken, getAt, jsonResponse } from '../wrap-mock.js'

/** Only symbols: emoji, musical notation, dingbats (Unicode category So). */
const SYMBOLS_ONLY = /^\p{So}+$/u

// A moderation rule the spec does not have: a worker name must not be only emoji or symbols.
export default broken(
  {
    breaks: 'accepts-valid-input',
    catches: 'min-length/at-astral',
    spec: '§4.2, §4.3 (name: any string of length 1 or more)',
    description: 'a worker name made only of symbols (𝄞, 😀) is rejected with 400',
  },
  {
    before: (request) => {
      const name = getAt(request.json, ['name'])
      return (request.operationId === 'createWorker' || request.operationId === 'updateWorker') &&
        typeof name === 'string' &&
        SYMBOLS_ONLY.test(name)
        ? jsonResponse({ message: 'name must contain a letter or digit' }, new Response(), 400)
        : undefined
    },
  },
)
