import { broken, updateAt } from '../wrap-mock.js'

/** The TypeID with its suffix in capitals: Crockford base32 reads it, the TypeID spec does not. */
const upper = (id: unknown) =>
  String(id).replace(/_(.*)$/, (_, suffix: string) => `_${suffix.toUpperCase()}`)

export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.1, §2.2 (TypeID: lowercase base32 suffix)',
    description: 'worker.orgId has its TypeID suffix in upper case (prefix and length kept)',
  },
  {
    success: {
      createWorker: (body) => updateAt(body, ['worker', 'orgId'], upper),
      updateWorker: (body) => updateAt(body, ['worker', 'orgId'], upper),
    },
  },
)
