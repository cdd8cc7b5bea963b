// The contract suite as a judge, part 2 of 4 (test/contract/judge-matrix.ts): the parts run side by side.
import { judgeMatrix } from './judge-matrix.js'

judgeMatrix({ index: 2, count: 4 })
