import type { Context } from 'hono'
import type { MatchedOperation } from '../../api/match-operation.js'
import { type Exchange, type Journal, recordExchange } from '../../server/index.js'
import type { MockEnv } from '../env.js'
import { isoTime } from '../internal/iso-time.js'
import { replaySecrets, SECRETS_HEADER } from '../replay-secrets.js'
import { createRequestSecrets } from '../request-secrets.js'
import type { AppliedRule } from '../rules.js'

/** How a request was answered, and what the stages learned of it on the way. */
export type Answered = {
  readonly response: Response
  /** The operation the pipeline matched (none: a 404 or 405). */
  readonly operation: MatchedOperation | undefined
  /** The journal's copy of the answer its writer made (an operation's own answer). */
  readonly copy?: Exchange['copy']
  /** The request body's text, when validation read it. */
  readonly requestText?: string | undefined
  /** A `truncate` fault streams the answer: the journal must not read it. */
  readonly isStreamed: boolean
  readonly rules: readonly AppliedRule[]
  /** The `Prefer` override that shaped the answer (`code=429`), when one did. */
  readonly prefer?: string | undefined
  /** The `--passthrough` backend answered, not the mock. */
  readonly isPassedThrough?: boolean
}

/**
 * Every API request in the journal, including those a rule or a check answered: the server
 * layer's one call (`recordExchange`), told what is the mock's own. Its masker is the session's
 * book, taught the request's credentials, what a dashboard replay was typed, and what a
 * `--passthrough` backend's answer sets.
 */
export const recordMockExchange = (journal: Journal) => {
  const secretsOf = createRequestSecrets()
  return (
    c: Context<MockEnv>,
    answered: Answered,
    startedAt: number,
  ): undefined | Promise<void> => {
    const session = c.get('session')
    const book = session.secrets
    // What a dashboard replay was typed: a secret wherever it stands.
    const replayed = c.req.header(SECRETS_HEADER)
    if (replayed !== undefined)
      book.learn(replaySecrets(replayed, c.req.raw.headers, answered.requestText))
    // What a backend's answer sets (a login's cookie, a token header) is masked where it comes back.
    if (answered.isPassedThrough) book.learnHeaders(answered.response.headers)
    return recordExchange(journal, {
      req: c.req,
      env: c.env,
      startedAt,
      at: isoTime(c.get('now')),
      session: session.id,
      operationId: answered.operation?.operationId ?? null,
      response: answered.response,
      secrets: secretsOf(session),
      requestText: answered.requestText,
      copy: answered.copy,
      isStreamed: answered.isStreamed,
      rules: answered.rules,
      prefer: answered.prefer,
      ...(answered.isPassedThrough ? { source: 'passthrough' } : {}),
    })
  }
}
