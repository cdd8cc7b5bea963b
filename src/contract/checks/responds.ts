import { ALL_OPERATIONS, fail, pass } from '../check.js'
import { defineCheck } from '../define-check.js'

export const responds = defineCheck({
  id: 'responds',
  title: 'Every request gets a complete HTTP answer in time',
  spec: '§4',
  severity: 'error',
  profile: 'default',
  operations: ALL_OPERATIONS,
  appliesTo: {},
  run: ({ exchange }) =>
    exchange.error
      ? fail(`no usable answer: ${exchange.error.kind}: ${exchange.error.message}`)
      : pass(),
})
