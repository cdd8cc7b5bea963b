import { broken, getAt, setAt } from '../wrap-mock.js'

/** The worker renamed last, and what a later rename of another worker wrote into it. */
let lastRenamed: unknown
const leaked = new Map<unknown, unknown>()

// A rename writes through a cursor left on the worker renamed before it: that worker takes the
// new one's workspace path, which its own next rename answers.
export default broken(
  {
    breaks: 'rename-keeps-worker',
    catches: 'sequence',
    spec: '§4.3',
    description: 'renaming a worker writes its workspacePath into the worker renamed before it',
  },
  {
    success: {
      updateWorker: (body) => {
        // One worker however its id's suffix is spelled (base32 reads either case).
        const id = String(getAt(body, ['worker', 'id'])).toLowerCase()
        const answered = leaked.has(id)
          ? setAt(body, ['worker', 'workspacePath'], leaked.get(id))
          : body
        if (lastRenamed !== undefined && lastRenamed !== id)
          leaked.set(lastRenamed, `${getAt(body, ['worker', 'workspacePath'])}/moved`)
        lastRenamed = id
        return answered
      },
    },
  },
)
