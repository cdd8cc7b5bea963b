import { type ApplicableInput, type AppliesTo, applies } from './applies-to.js'
import { type Check, notApplicable, type Verdict } from './check.js'

/** A check as written: `run` is called only where `appliesTo` holds, with what it asks for. */
export type CheckDeclaration<A extends AppliesTo> = Omit<Check, 'appliesTo' | 'run'> & {
  readonly appliesTo: A
  readonly run: (input: ApplicableInput<A>) => Verdict
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
    const answered = { ...input, response: input.exchange.response }
    return applies(declaration.appliesTo, answered) ? declaration.run(answered) : notApplicable()
  },
})
