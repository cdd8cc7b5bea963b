import { broken, isObject } from '../wrap-mock.js'

/** MySQL's 3-byte utf8: every character outside the Basic Multilingual Plane becomes "?". */
const asUtf8mb3 = (value: unknown): unknown => {
  if (typeof value === 'string') return value.replace(/[\u{10000}-\u{10FFFF}]/gu, '?')
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asUtf8mb3(v)]))
  return value
}

export default broken(
  {
    breaks: 'create-echoes-input',
    spec: '§4.2 (strings: any text)',
    description: 'characters outside the BMP (emoji, 𝄞) are stored as "?"',
  },
  {
    before: (request) =>
      request.operationId === 'createWorker' && isObject(request.json)
        ? { json: asUtf8mb3(request.json) }
        : undefined,
  },
)
