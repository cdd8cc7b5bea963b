import { broken, isObject } from '../wrap-mock.js'

/** Rails' ParamsWrapper and `params.require(:worker)`: the body under its model's name is read too. */
const unwrapped = (json: unknown): unknown => {
  if (!isObject(json)) return json
  const keys = Object.keys(json)
  const [key] = keys
  const inner = key === undefined ? undefined : json[key]
  return keys.length === 1 && (key === 'worker' || key === 'llm_provider') && isObject(inner)
    ? inner
    : json
}

export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'required/wrapped',
    spec: '§4 (the fields stand at the top of the body)',
    description: 'a create whose body is {"worker": {…}} succeeds (read as Rails reads it)',
  },
  {
    before: (request) =>
      request.operationId === undefined || request.json === undefined
        ? undefined
        : { json: unwrapped(request.json) },
  },
)
