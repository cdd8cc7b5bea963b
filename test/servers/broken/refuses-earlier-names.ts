import { broken, getAt, jsonResponse } from '../wrap-mock.js'

/** Every name each worker has had before its current one. */
const history = new Map<string, unknown[]>()
const current = new Map<string, unknown>()

// A name history kept unique per worker: a rename back to a name the worker had before is
// refused as a conflict (the spec sets no such rule: a name is any text of 1 to 255 characters).
export default broken(
  {
    breaks: 'accepts-valid-input',
    spec: '§4.3 (name: length 1 to 255)',
    description: 'a rename back to a name the worker had before answers 409',
  },
  {
    before: (request) => {
      // One worker however its id's suffix is spelled (base32 reads either case).
      const id = request.params['id']?.toLowerCase()
      if (request.operationId !== 'updateWorker' || id === undefined) return undefined
      const name = getAt(request.json, ['name'])
      return (history.get(id) ?? []).includes(name)
        ? jsonResponse({ message: 'this worker had that name before' }, new Response(), 409)
        : undefined
    },
    success: {
      createWorker: (body) => {
        const id = String(getAt(body, ['worker', 'id'])).toLowerCase()
        current.set(id, getAt(body, ['worker', 'name']))
        return body
      },
      updateWorker: (body) => {
        const id = String(getAt(body, ['worker', 'id'])).toLowerCase()
        const name = getAt(body, ['worker', 'name'])
        if (name !== current.get(id)) history.set(id, [...(history.get(id) ?? []), current.get(id)])
        current.set(id, name)
        return body
      },
    },
  },
)
