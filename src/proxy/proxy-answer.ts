import type { Context } from 'hono'
import { rememberAnswerText } from '../common/answer-text.js'
import { NO_BODY_STATUSES } from '../common/is-contentful.js'
import { untrustedAnswerHeaders } from '../common/untrusted-answer-headers.js'
import { answerProblem } from '../server/index.js'
import type { Fallback } from './fallback.js'
import type { Forwarded, ForwardOptions } from './forward.js'
import { PROXY_PROBLEMS } from './proxy-problems.js'

export type ProxyAnswer = {
  readonly answer: Response
  /** The body as text, for the journal. */
  readonly text: string
  readonly source: 'target' | 'fallback' | 'proxy'
}

/**
 * What the caller gets: the target's answer as it came (decoded, re-framed); when the target gave
 * no answer at all, the fallback mock's (marked `x-mock-fallback: true`) if there is one, else a
 * problem naming the target: 504 past the timeout, 502 for an answer too large or none.
 */
export const answerOf = async (
  c: Context,
  forwarded: Forwarded,
  context: {
    readonly targetName: string
    readonly forwardOptions: ForwardOptions
    readonly fallback: Fallback | undefined
    readonly mask: (text: string) => string
    readonly pathAndQuery: string
    readonly body: Uint8Array<ArrayBuffer> | undefined
  },
): Promise<ProxyAnswer> => {
  if (forwarded.kind === 'answer') {
    context.fallback?.targetAnswered()
    const hasNoBody = forwarded.status < 200 || NO_BODY_STATUSES.includes(forwarded.status)
    // What the target serves runs on the proxy's origin, beside the journal: never as a page.
    const headers = new Headers(forwarded.headers)
    for (const [name, value] of Object.entries(
      untrustedAnswerHeaders(forwarded.headers.get('content-type')),
    ))
      headers.set(name, value)
    // The status and headers as a Response for Hono to take (the target's status may be one
    // Hono's status types do not list, 520); newResponse adds the headers its middleware set.
    const answer = c.newResponse(
      hasNoBody ? null : forwarded.bytes,
      new Response(null, { status: forwarded.status, headers }),
    )
    // The bytes encode that text: an in-process caller (the judge) reads it without a web stream.
    if (!hasNoBody && forwarded.sourceText !== undefined)
      rememberAnswerText(answer, forwarded.sourceText)
    return { answer, text: forwarded.text, source: 'target' }
  }
  const { error } = forwarded
  // Down, refused, reset: no answer came. A slow or oversized answer is the target's, not an outage.
  if (context.fallback && error.kind === 'network') {
    const mocked = await context.fallback.answer(
      c.req.method,
      context.pathAndQuery,
      c.req.raw.headers,
      context.body,
    )
    const text = await mocked.text()
    const headers = new Headers(mocked.headers)
    headers.set('x-mock-fallback', 'true')
    const answer = c.newResponse(text, new Response(null, { status: mocked.status, headers }))
    return { answer, text, source: 'fallback' }
  }
  const { targetName, forwardOptions } = context
  const problem =
    error.kind === 'timeout'
      ? PROXY_PROBLEMS.targetTooSlow(targetName, forwardOptions.timeoutMs)
      : error.kind === 'too-large'
        ? PROXY_PROBLEMS.targetAnswerTooLarge(targetName, forwardOptions.maxAnswerBytes)
        : PROXY_PROBLEMS.targetUnreachable(targetName, context.mask(error.message))
  const answer = answerProblem(c, problem)
  return { answer, text: await answer.clone().text(), source: 'proxy' }
}
