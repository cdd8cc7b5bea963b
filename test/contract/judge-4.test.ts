// The contract suite as a judge, part 4 of 4 (test/contract/judge-matrix.ts): the parts run side by side.
import { judgeMatrix } from './judge-matrix.js'

judgeMatrix({ index: 4, count: 4 })
