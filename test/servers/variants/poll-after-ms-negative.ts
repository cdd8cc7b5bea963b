import { setAt, variant } from '../wrap-mock.js'

// spec §2.5: pollAfterMs is an integer, its range not shown; -1 ("do not poll") is one.
export default variant('launch.pollAfterMs is -1', {
  success: { createWorker: (body) => setAt(body, ['launch', 'pollAfterMs'], -1) },
})
