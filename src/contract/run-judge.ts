import type { Check, Verdict } from './check.js'
import { type Coverage, createCoverage } from './coverage.js'
import { describeExchange } from './describe-exchange.js'
import type { CheckInput } from './exchange.js'
import type { Redactor } from './redactor.js'
import type { CheckResult } from './report.js'
import type { LeftOutCheck } from './select-checks.js'
import { createdWorkerOf } from './state-model.js'
import { createTally, type Tally, type Verdicts } from './tally.js'
import type { Unsent } from './unsent.js'

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
  readonly judge: (input: CheckInput) => Verdicts
  /** Judges an exchange the report does not hold (a shrink's trial): its verdicts alone. */
  readonly probe: (input: CheckInput) => Verdicts
  readonly attachSequence: Tally['attachSequence']
  /** One result per check and operation, once every case was sent or set aside. */
  readonly results: (unsent: Unsent) => CheckResult[]
  /** What the run did about every rule of the spec. */
  readonly coverage: (unsent: Unsent) => Coverage
}

/**
 * The check, remembering its verdict on the exchange it judged last. The tally, the coverage's
 * rules and its classes ask the same checks about the same exchange (the response schema once per
 * rule of a success body); a verdict depends on the check's input alone, so it is worked out once.
 */
const judgingOnce = (check: Check): Check => {
  let judged: CheckInput | undefined
  let verdict: Verdict | undefined
  return {
    ...check,
    run: (input) => {
      if (input !== judged || verdict === undefined) {
        verdict = check.run(input)
        judged = input
      }
      return verdict
    },
  }
}

/** The run's judging stage: every check's verdict and the rule coverage, exchange by exchange. */
export const createRunJudge = (options: RunJudgeOptions): RunJudge => {
  const { redactor } = options
  const checks = options.checks.map(judgingOnce)
  const tally = createTally({
    checks,
    describe: (input) => describeExchange(input, redactor),
    isStrict: options.isStrict,
    leftOut: options.leftOut,
  })
  const coverage = createCoverage(checks)
  // The run has one caller (one set of headers): what its first create answered is its own.
  let firstCreatedWorker: unknown
  const prepared = (sent: CheckInput): CheckInput => {
    const input: CheckInput =
      sent.earlier && firstCreatedWorker !== undefined
        ? { ...sent, earlier: { ...sent.earlier, firstCreatedWorker } }
        : sent
    // Tokens the server hands out are masked wherever they come back, this answer included.
    redactor.book.learnJson(input.exchange.response?.json)
    redactor.book.learnHeaders(Object.entries(input.exchange.response?.headers ?? {}))
    return input
  }
  return {
    judge: (sent) => {
      const input = prepared(sent)
      const verdicts = tally.judge(input)
      coverage.record(input)
      firstCreatedWorker ??= createdWorkerOf(input)
      return verdicts
    },
    probe: (sent) => tally.probe(prepared(sent)),
    attachSequence: tally.attachSequence,
    results: tally.results,
    coverage: coverage.result,
  }
}
