import { broken, updateAt } from '../wrap-mock.js'

/** Not the caller's own, on every answer: the same for one caller, whatever the call. */
const notMine = (body: unknown) => updateAt(body, ['worker', 'isMine'], () => false)

export default broken(
  {
    breaks: 'created-is-mine',
    spec: '§1, §2.2',
    description: 'every answer says isMine false for the workers the caller created',
  },
  { success: { createWorker: notMine, updateWorker: notMine } },
)
