import { broken, getAt } from '../wrap-mock.js'

/** The rename bound (spec §4.3), applied where the spec sets none (§4.2: minimum length 1 only). */
const MAX = 255

// Generated create names stay under about 70 characters: only the catalogue's string/long (1024
// characters where the spec sets no maximum) reaches the invented bound.
export default broken(
  {
    breaks: 'accepts-valid-input',
    catches: 'string/long',
    spec: '§4.2, §8 (create name: minimum length 1, no maximum)',
    description: 'a create with a name longer than 255 characters is rejected (400)',
  },
  {
    before: (request) => {
      const name = getAt(request.json, ['name'])
      return request.operationId === 'createWorker' && typeof name === 'string' && name.length > MAX
        ? Response.json({ message: 'name is too long' }, { status: 400 })
        : undefined
    },
  },
)
