import { secretsIn } from '../common/redact.js'
import type { Check, CheckInput } from './check.js'
import { type Coverage, createCoverage } from './coverage.js'
import { describeExchange } from './describe-exchange.js'
import type { Redactor } from './redactor.js'
import type { CheckResult } from './report.js'
import type { LeftOutCheck } from './select-checks.js'
import { createTally, type Unsent } from './tally.js'

export type RunJudgeOptions = {
  /** The checks that judge, in the report's order. */
  readonly checks: readonly Check[]
  /** The checks --only/--skip left out: reported as skipped. */
  readonly leftOut: readonly LeftOutCheck[]
  /** Warnings fail (`--strict`). */
  readonly isStrict: boolean
  /** Masks the run's secrets in what the report keeps; learns the tokens the target hands out. */
  readonly redactor: Redactor
}

export type RunJudge = {
  /** Judges one complete exchange as it arrives; nothing of it is kept but redacted excerpts. */
  readonly judge: (input: CheckInput) => void
  /** One result per check and operation, once every case was sent or set aside. */
  readonly results: (unsent: Unsent) => CheckResult[]
  /** What the run did about every rule of the spec. */
  readonly coverage: (unsent: Unsent) => Coverage
}

/** The run's judging stage: every check's verdict and the rule coverage, exchange by exchange. */
export const createRunJudge = (options: RunJudgeOptions): RunJudge => {
  const { redactor } = options
  const tally = createTally({
    checks: options.checks,
    describe: (input) => describeExchange(input, redactor),
    isStrict: options.isStrict,
    leftOut: options.leftOut,
  })
  const coverage = createCoverage(options.checks)
  return {
    judge: (input) => {
      // Tokens the server hands out are masked wherever they come back, this answer included.
      redactor.remember(secretsIn(input.exchange.response?.json))
      tally.judge(input)
      coverage.record(input)
    },
    results: tally.results,
    coverage: coverage.result,
  }
}
