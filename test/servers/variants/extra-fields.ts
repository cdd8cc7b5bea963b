import { setAt, updateAt, variant } from '../wrap-mock.js'

const withMeta = (body: unknown) => setAt(body, ['meta'], { requestId: 'req_1', version: 'v1' })
const withWorkerExtras = (body: unknown) =>
  updateAt(body, ['worker'], (worker) => setAt(worker, ['labels'], { team: 'core' }))

// spec §2: the objects list their fields; nothing forbids more.
export default variant('every response object carries extra fields', {
  success: {
    createWorker: (body) => {
      let next = withWorkerExtras(withMeta(body))
      next = updateAt(next, ['tokens'], (t) => setAt(t, ['expiresAt'], '2030-01-01T00:00:00Z'))
      next = updateAt(next, ['instance'], (i) => setAt(i, ['cpu'], 2))
      return updateAt(next, ['launch'], (l) => setAt(l, ['command'], ['worker', 'start']))
    },
    updateWorker: (body) => withWorkerExtras(withMeta(body)),
    updateLlmProvider: (body) =>
      updateAt(withMeta(body), ['llmProvider'], (p) => setAt(p, ['displayName'], 'Provider')),
  },
})
