import { broken, getAt, setAt } from '../wrap-mock.js'

/** Workers the server made, and those a provider update took from their creator. */
const workers = new Set<string>()
const disowned = new Set<string>()
const idOf = (body: unknown) => String(getAt(body, ['worker', 'id'])).toLowerCase()

// A provider update re-keys the organization's ownership table: the workers that existed before it
// come back as nobody's own (`isMine: false`) to the caller who created them. Workers made after it
// are untouched. Which way `isMine` first answers is not judged; that it changes for one caller is.
export default broken(
  {
    breaks: 'is-mine-unchanged',
    catches: 'sequence',
    spec: '§2.2 (isMine: whether the worker is the caller’s own)',
    description: "a provider update turns the caller's existing workers to isMine: false",
  },
  {
    success: {
      createWorker: (body) => {
        workers.add(idOf(body))
        return body
      },
      updateLlmProvider: (body) => {
        for (const id of workers) disowned.add(id)
        return body
      },
      updateWorker: (body) =>
        disowned.has(idOf(body)) ? setAt(body, ['worker', 'isMine'], false) : body,
    },
  },
)
