import { broken, isObject } from '../wrap-mock.js'

/** `NaN`, `Infinity` and `-Infinity` where a JSON value goes, as Python's json module reads them. */
const NON_FINITE = /([:,[]\s*)(-?Infinity|NaN)(?=\s*[,}\]])/g
const MARK = '__wak_non_finite__'

// Python's json.loads (Django, Flask) reads NaN and Infinity by default, and a model that ignores
// the properties it does not declare drops the one that held it: the body goes on as valid.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'body/malformed',
    spec: '§1 (request bodies are JSON; RFC 8259 §6 has no NaN or Infinity)',
    description: 'a body with a NaN value is read, the property dropped, and the request accepted',
  },
  {
    before: (request) => {
      if (request.operationId === undefined || request.json !== undefined) return undefined
      try {
        const read: unknown = JSON.parse(request.text.replace(NON_FINITE, `$1"${MARK}"`))
        if (!isObject(read)) return undefined
        return { json: Object.fromEntries(Object.entries(read).filter(([, v]) => v !== MARK)) }
      } catch {
        return undefined
      }
    },
  },
)
