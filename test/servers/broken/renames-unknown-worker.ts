import { WorkerTypeId } from '../../../src/schemas/ids.js'
import { broken, getAt, isObject, jsonResponse } from '../wrap-mock.js'

// An upsert: renaming an id that names nothing creates a worker under that id.
export default broken(
  {
    breaks: 'unknown-id-rejected',
    catches: 'path-id/unknown',
    spec: '§4.3',
    description: 'renaming a worker that does not exist answers 200 with a new worker',
  },
  {
    after: async (response, { request, mock }) => {
      if (request.operationId !== 'updateWorker' || response.status !== 404) return response
      // It makes the worker under the id as given, so only an id it could have made: a TypeID.
      if (!WorkerTypeId.safeParse(request.params['id']).success) return response
      const created = await mock.request('/v1/workers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: getAt(request.json, ['name']), destination: 'local' }),
      })
      const worker = getAt(await created.json(), ['worker'])
      if (!isObject(worker)) return response
      return jsonResponse({ worker: { ...worker, id: request.params['id'] } }, created, 200)
    },
  },
)
