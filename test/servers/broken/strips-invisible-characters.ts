import { broken, getAt, setAt } from '../wrap-mock.js'

/** Zero-width space, non-joiner and joiner. */
const INVISIBLE = /[\u200b-\u200d]/g

// Removes "invisible" characters from names: an emoji ZWJ sequence (👩‍💻) falls apart and a
// zero-width space goes, so the name does not come back as sent.
export default broken(
  {
    breaks: 'create-echoes-input',
    catches: 'string/unusual-text',
    spec: '§4.2 (name: any string)',
    description: 'zero-width characters (U+200B to U+200D) are stripped from a created name',
  },
  {
    before: (request) => {
      const name = getAt(request.json, ['name'])
      return request.operationId === 'createWorker' &&
        typeof name === 'string' &&
        name.replace(INVISIBLE, '') !== name
        ? { json: setAt(request.json, ['name'], name.replace(INVISIBLE, '')) }
        : undefined
    },
  },
)
