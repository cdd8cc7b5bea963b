import { broken, getAt, setAt } from '../wrap-mock.js'

/** The name each worker was created with: this server never changes it. */
const names = new Map<string, unknown>()

export default broken(
  {
    breaks: 'update-applies-name',
    spec: '§4.3',
    description: 'a rename succeeds but answers with the name the worker was created with',
  },
  {
    success: {
      createWorker: (body) => {
        names.set(String(getAt(body, ['worker', 'id'])), getAt(body, ['worker', 'name']))
        return body
      },
      updateWorker: (body, { request }) =>
        setAt(body, ['worker', 'name'], names.get(request.params['id'] ?? '')),
    },
  },
)
