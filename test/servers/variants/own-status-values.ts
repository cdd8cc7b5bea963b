import { setAt, variant } from '../wrap-mock.js'

// spec §2.2, §2.4, §2.5, §3: status and mode values and pollAfterMs's range are not shown.
export default variant('statuses, launch mode and poll interval of its own', {
  success: {
    createWorker: (body) => {
      let next = setAt(body, ['worker', 'status'], 'READY')
      next = setAt(next, ['instance', 'status'], 'UP')
      next = setAt(next, ['instance', 'provider'], 'on-prem')
      next = setAt(next, ['launch', 'mode'], 'docker')
      return setAt(next, ['launch', 'pollAfterMs'], 0)
    },
    updateWorker: (body) => setAt(body, ['worker', 'status'], 'READY'),
  },
})
