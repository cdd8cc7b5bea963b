// The contract run's sequences: the three operations interleaved and sent together, judged
// against the state model, and shrunk to the shortest failing sequence.
export type { SentCall } from './io.js'
export { planSequence, SEQUENCE_CLASSES, type Step } from './plan.js'
export { runSequence } from './run-sequence.js'
