// The contract suite's public face for the other layers (the proxy): what they may use of it.
// Everything else under src/contract is its own business.
export { baseUrlProblem } from './base-url-problem.js'
export { ContractError } from './contract-error.js'
export type { TransportError } from './exchange.js'
export type { Report } from './report.js'
export { type ContractOptions, runContract } from './runner.js'
export {
  createTrafficJudge,
  NOT_FROM_TRAFFIC,
  type ObservedExchange,
  type TrafficJudge,
  type Violation,
} from './traffic-judge.js'
export { BodyTooLarge, describeTransportError } from './transport-error.js'
