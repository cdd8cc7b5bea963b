import { broken, getAt, isObject } from '../wrap-mock.js'

// Works out isMine from a cache of the creator that a rename does not fill: the caller's own
// worker (its create answered isMine: true) comes back as another's after the caller renames it.
export default broken(
  {
    breaks: 'is-mine-unchanged',
    spec: '§2.2 (isMine: whether the worker is the caller’s own), §4.3',
    description: 'a rename answers isMine: false for the worker the caller created',
  },
  {
    success: {
      updateWorker: (body) => {
        const worker = getAt(body, ['worker'])
        return isObject(body) && isObject(worker)
          ? { ...body, worker: { ...worker, isMine: false } }
          : body
      },
    },
  },
)
