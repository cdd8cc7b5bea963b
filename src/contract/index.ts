// The contract suite's public face for the other layers (the proxy, the vitest helper): what they
// may use of it.
// Everything else under src/contract is its own business.
export { baseUrlProblem } from '../common/base-url-problem.js'
export { ContractError } from './contract-error.js'
export { CONTRACT_DEFAULTS } from './defaults.js'
export type { TransportError } from './exchange.js'
export type { CheckResult, Report } from './report.js'
export { formatFailures } from './reporters/console.js'
export { type ContractOptions, runContract, selectChecks } from './runner.js'
export {
  createTrafficJudge,
  NOT_FROM_TRAFFIC,
  type ObservedExchange,
  type TrafficJudge,
  type Violation,
} from './traffic-judge.js'
export { BodyTooLarge, describeTransportError } from './transport-error.js'
