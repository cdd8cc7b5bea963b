import { broken, getAt, jsonResponse } from '../wrap-mock.js'

/** The name each worker has now, as the wrapper saw it answered. */
const names = new Map<string, unknown>()
const remember = (body: unknown) => {
  const id = getAt(body, ['worker', 'id'])
  if (typeof id === 'string') names.set(id, getAt(body, ['worker', 'name']))
  return body
}

// "Nothing to change" treated as a conflict: a rename to the name the worker already has is
// refused. The suite's first create and first rename both send the required properties only, with
// the same name: the rename that leaves every optional property out is the one that meets it.
export default broken(
  {
    breaks: 'accepts-valid-input',
    spec: '§4.3 (name: length 1 to 255)',
    description: "a rename to the worker's current name answers 409",
  },
  {
    before: (request) => {
      const id = request.params['id']
      const name = getAt(request.json, ['name'])
      return request.operationId === 'updateWorker' &&
        id !== undefined &&
        names.has(id) &&
        names.get(id) === name
        ? jsonResponse({ message: 'the worker already has this name' }, new Response(), 409)
        : undefined
    },
    success: { createWorker: remember, updateWorker: remember },
  },
)
