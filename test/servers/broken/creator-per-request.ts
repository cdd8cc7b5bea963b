import { broken, getAt, updateAt } from '../wrap-mock.js'

/** The creator each worker was answered with: a new one per create after the first. */
const creators = new Map<string, string>()

const creatorOf = (body: unknown, fallback: unknown) => {
  const id = String(getAt(body, ['worker', 'id']))
  return creators.get(id) ?? String(fallback)
}

// A session bug: every create after the first is stamped with a user of its own.
export default broken(
  {
    breaks: 'creates-share-owner',
    spec: '§1, §2.2, §4.2',
    description: 'each create of one caller, after the first, answers another createdByUserId',
  },
  {
    success: {
      createWorker: (body) =>
        updateAt(body, ['worker', 'createdByUserId'], (user) => {
          const id = String(getAt(body, ['worker', 'id']))
          const creator = creators.size === 0 ? String(user) : `usr_guest_${creators.size}`
          creators.set(id, creator)
          return creator
        }),
      // The worker keeps the creator its create answered (a rename changes no creator).
      updateWorker: (body) =>
        updateAt(body, ['worker', 'createdByUserId'], (user) => creatorOf(body, user)),
    },
  },
)
