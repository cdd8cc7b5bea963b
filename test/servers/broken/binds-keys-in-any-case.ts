import { broken, isObject } from '../wrap-mock.js'

/** The keys the API's bodies name: a key in another case is read as one of them. */
const KEYS = ['name', 'destination', 'description', 'source', 'providerId', 'modelIds', 'apiKey']

/** Go's encoding/json: a JSON key binds to a field whose name matches it in any letter case. */
const foldedKeys = (json: unknown): unknown =>
  isObject(json)
    ? Object.fromEntries(
        Object.entries(json).map(([key, value]) => [
          KEYS.find((known) => known.toLowerCase() === key.toLowerCase()) ?? key,
          value,
        ]),
      )
    : json

export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'required/missing',
    spec: '§4 (name and destination are required; JSON names are case-sensitive)',
    description: 'a create with "Name" for "name" succeeds (keys bound in any case, as Go does)',
  },
  {
    before: (request) =>
      request.operationId === undefined || request.json === undefined
        ? undefined
        : { json: foldedKeys(request.json) },
  },
)
