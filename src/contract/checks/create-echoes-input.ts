import { Worker } from '../../schemas/worker.js'
import { fail, notApplicable, pass, quote } from '../check.js'
import { defineCheck } from '../define-check.js'
import { jsonSchemaOf } from '../json-schema.js'
import { field, isSameText } from './json-object.js'

export const createEchoesInput = defineCheck({
  id: 'create-echoes-input',
  title: 'The created worker carries the name, destination and optional fields sent',
  spec: '§4.2',
  severity: 'error',
  profile: 'default',
  operations: ['createWorker'],
  appliesTo: { expect: ['accept', 'either'], response: 'success' },
  run: ({ response, sentJson: sent }) => {
    const worker = field(response.json, 'worker')
    if (worker === undefined || typeof sent !== 'object' || sent === null) return notApplicable()
    const workerFields = Object.keys(jsonSchemaOf(Worker).properties ?? {})
    for (const [key, value] of Object.entries(sent)) {
      if (!workerFields.includes(key)) continue
      const got = field(worker, key)
      if (!isSameText(got, value))
        return fail(
          `worker.${key} is ${quote(got)}, but ${quote(value)} was sent`,
          `/worker/${key}`,
        )
    }
    return pass()
  },
})
