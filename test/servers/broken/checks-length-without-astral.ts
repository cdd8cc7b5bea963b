import { broken, getAt, setAt } from '../wrap-mock.js'

/** spec §4.1: the maximum of each text field it checks this way. */
const MAX: Readonly<Record<string, number>> = { providerId: 255, apiKey: 65_535 }
const ASTRAL = /[\u{10000}-\u{10FFFF}]/gu

// Counts the length on a copy without astral characters (an emoji filter runs first), so a value
// over the maximum passes when its astral characters bring it back under; it is stored cut.
// Only fields that are no array items: a bad item is the items/bad-* classes' to send.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'max-length/above-astral',
    spec: '§4.1, §8 (providerId: length 1 to 255; apiKey: at most 65535)',
    description: 'a providerId or apiKey over its maximum in astral characters is accepted',
  },
  {
    before: (request) => {
      if (request.operationId !== 'updateLlmProvider') return undefined
      let json = request.json
      for (const [key, max] of Object.entries(MAX)) {
        const value = getAt(json, [key])
        if (typeof value !== 'string' || [...value].length <= max) continue
        if (value.replace(ASTRAL, '').length <= max)
          json = setAt(json, [key], [...value].slice(0, max).join(''))
      }
      return json === request.json ? undefined : { json }
    },
  },
)
