import type { Context, Handler } from 'hono'
import { matchOperation } from '../../api/match-operation.js'
import type { MockEnv } from '../env.js'
import { NO_RULES_APPLIED } from '../rules.js'
import type { answerOperation } from './answer-operation.js'
import type { applyScenario } from './apply-scenario.js'
import type { authorize } from './authorize.js'
import { carryOutReset, isResetAnswer, truncated } from './faults.js'
import { preferCode } from './prefer-code.js'
import type { recordMockExchange } from './record-exchange.js'
import type { resolveSession } from './resolve-session.js'

type Stage<Make extends (...args: never[]) => unknown> = ReturnType<Make>

/**
 * `/v1/*`, in order: the session, the operation (matched once, handed to each stage that needs
 * it), the body limit, auth, a `Prefer: code=NNN` or else the scenario's rules, the route
 * (validation and handler in one step), and the journal, which records every answer, a rule's or
 * a refusal's too. What a stage learns travels forward as a value: the operation, the body's text
 * validation read and the journal's copy of the answer (both in the route's `Reply`), the rules
 * that applied. A stage with nothing to wait
 * for (the default: no auth, no rules, a body whose length its header gives) answers at once: only
 * a promise a stage gives is awaited.
 *
 * The rules see every request, as a gateway in front of a service would, and may answer an
 * invalid one; but a request the mock refuses (a 4xx of its own, not a rule's answer) changes
 * nothing: what the rules counted and drew for it (`times`, a rate limit's window, `probability`
 * and latency draws) is given back, and a switch its `x-mock-scenario` made is put back.
 */
export const apiPipeline =
  (stages: {
    resolveSession: Stage<typeof resolveSession>
    checkBody: (c: Context<MockEnv>) => Response | undefined | Promise<Response | undefined>
    authorize: Stage<typeof authorize>
    applyScenario: Stage<typeof applyScenario>
    answerOperation: Stage<typeof answerOperation>
    recordExchange: Stage<typeof recordMockExchange>
    /** `--passthrough`: where a request for no declared operation goes, when the mock has one. */
    passThrough?: ((c: Context<MockEnv>) => Promise<Response>) | undefined
  }): Handler<MockEnv> =>
  async (c) => {
    const startedAt = performance.now()
    const operation = matchOperation(c.req.method, c.req.path)
    if (operation === undefined && stages.passThrough) return stages.passThrough(c)
    const refused = stages.resolveSession(c)
    if (refused) return refused
    let early = stages.checkBody(c)
    if (early instanceof Promise) early = await early
    if (!early) {
      early = stages.authorize(c)
      if (early instanceof Promise) early = await early
    }
    // `Prefer: code=NNN` stands in for the scenario's rules on this one request.
    const preferred = early ? undefined : preferCode(c, operation)
    let scenario =
      early || preferred
        ? { truncate: false, applied: preferred?.applied ?? NO_RULES_APPLIED }
        : stages.applyScenario(c, operation)
    if (scenario instanceof Promise) scenario = await scenario
    const shortcut = early ?? preferred?.answer ?? scenario.answer
    const reply = shortcut ? { response: shortcut } : await stages.answerOperation(c, operation)
    let response = reply.response
    // The answers of a session follow from its seed and the requests it accepted (issue 30).
    if (!(response.ok || scenario.answer)) {
      scenario.giveBack?.()
      c.get('putBackSession')()
    }
    // A `truncate` fault cuts the route's answer (a scenario's own answer is never cut).
    if (scenario.truncate) response = await truncated(response)
    const recorded = stages.recordExchange(
      c,
      {
        response,
        operation,
        requestText: reply.requestText,
        copy: reply.copy,
        isStreamed: scenario.truncate,
        rules: scenario.applied,
        prefer: preferred?.prefer,
      },
      startedAt,
    )
    if (recorded) await recorded
    // A reset, journalled as decided, is carried out by the transport the request came on.
    return isResetAnswer(response) ? carryOutReset(c, response) : response
  }
