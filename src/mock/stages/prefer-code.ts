import type { Context } from 'hono'
import type { ProblemStatus } from '../../api/content.js'
import type { MatchedOperation } from '../../api/match-operation.js'
import { operations } from '../../api/operations.js'
import { declaredStatuses, preferredCode } from '../../api/prefer.js'
import type { ProblemKind } from '../../api/problem-kinds.js'
import { BEARER_CHALLENGE } from '../../schemas/response-headers.js'
import { redactText } from '../../secrets/index.js'
import { answerProblem } from '../../server/index.js'
import type { MockEnv } from '../env.js'
import { MOCK_PROBLEMS } from '../problems.js'
import type { AppliedRule } from '../rules.js'

/** The catalogue's problem for each error status an operation declares. */
const KIND_OF: Record<ProblemStatus, ProblemKind> = {
  400: 'validation',
  401: 'unauthorized',
  404: 'not-found',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  429: 'rate-limited',
}

/** The headers the declared answer carries (what the document declares for its status). */
const HEADERS_OF: Partial<Record<ProblemStatus, Record<string, string>>> = {
  401: { 'www-authenticate': BEARER_CHALLENGE },
  429: { 'retry-after': '1' },
}

const isProblemStatus = (status: number): status is ProblemStatus => Object.hasOwn(KIND_OF, status)

/**
 * What a `Prefer: code=NNN` decides, in the journal's rule shape: it is no rule of the scenario
 * (`index` -1), it stands in for them.
 */
const preferRule = (code: string): AppliedRule => ({
  index: -1,
  id: null,
  description: 'Prefer header',
  effect: `prefer code=${code}`,
})

/**
 * What the Prefer header decided: an answer of its own, or the operation's (a 2xx asked for);
 * `prefer` as the journal shows it (`code=429`).
 */
export type Preference = {
  readonly answer?: Response
  readonly applied: readonly AppliedRule[]
  readonly prefer: string
}

/** Most characters of a refused code the problem and the journal quote. */
const MAX_QUOTED_CODE = 16

/**
 * `Prefer: code=NNN` on an API operation: the declared answer of that status for this one request
 * (a problem+json from the catalogue for 4xx, the operation's own answer for 2xx, the scenario's
 * rules skipped); an undeclared or malformed code is a 400 problem naming the header. Undefined
 * when the request asks for none.
 */
export const preferCode = (
  c: Context<MockEnv>,
  matched: MatchedOperation | undefined,
): Preference | undefined => {
  const asked = preferredCode(c.req.header('prefer'))
  if (!asked) return undefined // most requests: no Prefer header
  const operation = operations.find((o) => o.operationId === matched?.operationId)
  if (!operation) return undefined
  const declared = declaredStatuses(operation)
  if ('invalid' in asked || !declared.includes(asked.code)) {
    // Masked before it is cut (by its look, then what the book knows): a key sent as the code,
    // cut first, was a piece no masker knows.
    const code =
      'invalid' in asked
        ? c.get('session').secrets.mask(redactText(asked.invalid)).slice(0, MAX_QUOTED_CODE)
        : String(asked.code)
    return {
      answer: answerProblem(c, MOCK_PROBLEMS.undeclaredPreference(code, declared)),
      applied: [preferRule(code)],
      prefer: `code=${code}`,
    }
  }
  const applied = [preferRule(String(asked.code))]
  const prefer = `code=${asked.code}`
  if (!isProblemStatus(asked.code)) return { applied, prefer }
  const problem = MOCK_PROBLEMS.preferred(KIND_OF[asked.code])
  return { answer: answerProblem(c, problem, { headers: HEADERS_OF[asked.code] }), applied, prefer }
}
