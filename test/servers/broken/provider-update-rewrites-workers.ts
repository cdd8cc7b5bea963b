import { broken, getAt, setAt } from '../wrap-mock.js'

/** Workers the server has made, and the sandbox backend a provider update wrote over theirs. */
const workers = new Set<unknown>()
const overwritten = new Map<unknown, unknown>()

// A shared settings row: a provider update writes its source into the sandbox backend of every
// worker that exists, which their next rename answers. Workers made after it are untouched.
export default broken(
  {
    breaks: 'rename-keeps-worker',
    catches: 'sequence',
    spec: '§4.1, §4.3',
    description: "a provider update overwrites every existing worker's sandboxBackend",
  },
  {
    success: {
      createWorker: (body) => {
        workers.add(getAt(body, ['worker', 'id']))
        return body
      },
      updateLlmProvider: (body, { request }) => {
        for (const id of workers) overwritten.set(id, getAt(request.json, ['source']))
        return body
      },
      updateWorker: (body) => {
        const id = getAt(body, ['worker', 'id'])
        return overwritten.has(id)
          ? setAt(body, ['worker', 'sandboxBackend'], overwritten.get(id))
          : body
      },
    },
  },
)
