import { type AnsweredInput, type ApplicableInput, type AppliesTo, applies } from './applies-to.js'
import { type Check, notApplicable, type Verdict } from './check.js'
import type { CheckInput } from './exchange.js'

/** A check as written: `run` is called only where `appliesTo` holds, with what it asks for. */
export type CheckDeclaration<A extends AppliesTo> = Omit<Check, 'appliesTo' | 'run'> & {
  readonly appliesTo: A
  readonly run: (input: ApplicableInput<A>) => Verdict
}

/** Each input with its answer at hand, made once for all the checks that judge it. */
const answeredInputs = new WeakMap<CheckInput, AnsweredInput>()
const answeredOf = (input: CheckInput): AnsweredInput => {
  const found = answeredInputs.get(input)
  if (found) return found
  const answered = { ...input, response: input.exchange.response }
  answeredInputs.set(input, answered)
  return answered
}

/**
 * The check a declaration makes: its verdict is 'n/a' wherever `appliesTo` does not hold, for
 * every caller (the tally, the coverage, the traffic judge), and `run` judges the rest.
 */
export const defineCheck = <const A extends AppliesTo>(
  declaration: CheckDeclaration<A>,
): Check => ({
  ...declaration,
  run: (input) => {
    const answered = answeredOf(input)
    return applies(declaration.appliesTo, answered) ? declaration.run(answered) : notApplicable()
  },
})
