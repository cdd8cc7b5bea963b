import { getAt, setAt, variant } from '../wrap-mock.js'

/** The updatedAt each worker's create answered. */
const created = new Map<string, unknown>()

// spec §4.3: a rename is not said to set updatedAt; this server bumps it only on other changes.
export default variant('a rename keeps the updatedAt of the create', {
  success: {
    createWorker: (body) => {
      created.set(String(getAt(body, ['worker', 'id'])), getAt(body, ['worker', 'updatedAt']))
      return body
    },
    updateWorker: (body) => {
      const was = created.get(String(getAt(body, ['worker', 'id'])))
      return was === undefined ? body : setAt(body, ['worker', 'updatedAt'], was)
    },
  },
})
