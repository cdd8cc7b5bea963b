// Replaying an app's recorded traffic against a target as a contract (docs/replay.md): the runner,
// its report and the report's formats. Everything else under src/contract/replay is its own business.

export type { ConsumerFinding } from './consumer-check.js'
export {
  type ReplayedExchange,
  type ReplayReport,
  type ReplaySummary,
  summarizeReplay,
} from './replay-report.js'
export { formatExchangeLine, formatReplayReport } from './reporters/console.js'
export { formatReplayHtml } from './reporters/html.js'
export { formatReplayJson } from './reporters/json.js'
export { formatReplayJunit } from './reporters/junit.js'
export { type ReplayOptions, replayRecording } from './run-replay.js'
