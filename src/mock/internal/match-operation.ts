// The matcher lives with the operations (src/api), shared by the mock and the contract's traffic judge.
export {
  allowedMethods,
  type MatchedOperation,
  matchOperation,
} from '../../api/match-operation.js'
