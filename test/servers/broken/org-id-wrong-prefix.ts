import { broken, updateAt } from '../wrap-mock.js'

const toWrong = (id: unknown) => String(id).replace(/^org_/, 'ogr_')

export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.1, §2.2',
    description: 'worker.orgId is ogr_… instead of org_…',
  },
  {
    success: {
      createWorker: (body) => updateAt(body, ['worker', 'orgId'], toWrong),
      updateWorker: (body) => updateAt(body, ['worker', 'orgId'], toWrong),
    },
  },
)
