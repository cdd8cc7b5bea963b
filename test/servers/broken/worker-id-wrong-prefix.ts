import { broken, updateAt } from '../wrap-mock.js'

const toWrong = (id: unknown) => String(id).replace(/^wrk_/, 'wkr_')

// A server whose worker ids are wkr_…: it hands them out and takes them back in the path, so a
// rename of a worker it created still succeeds (only the id prefix of spec §2.1 is wrong).
export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.1',
    description: 'worker ids are wkr_… instead of wrk_…',
  },
  {
    before: (request) =>
      request.operationId === 'updateWorker' && request.params['id']?.startsWith('wkr_')
        ? { path: `/v1/workers/${request.params['id'].replace(/^wkr_/, 'wrk_')}` }
        : undefined,
    success: {
      createWorker: (body) => updateAt(body, ['worker', 'id'], toWrong),
      updateWorker: (body) => updateAt(body, ['worker', 'id'], toWrong),
    },
  },
)
