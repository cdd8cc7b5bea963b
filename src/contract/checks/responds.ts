import { ALL_OPERATIONS, type Check, fail, pass } from '../check.js'

export const responds: Check = {
  id: 'responds',
  title: 'Every request gets a complete HTTP answer in time',
  spec: '§4',
  severity: 'error',
  profile: 'default',
  operations: ALL_OPERATIONS,
  run: ({ exchange }) =>
    exchange.error
      ? fail(`no usable answer: ${exchange.error.kind}: ${exchange.error.message}`)
      : pass(),
}
