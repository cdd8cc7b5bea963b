import type { Context } from 'hono'
import { matchOperation } from '../api/match-operation.js'
import type { TrafficJudge, Violation } from '../contract/index.js'
import type { Recording } from '../mock/index.js'
import {
  answerProblem,
  type Journal,
  loadForwarder,
  recordExchange,
  type ServerEnv,
} from '../server/index.js'
import type { Fallback } from './fallback.js'
import { type ForwardOptions, forward } from './forward.js'
import type { InFlightHold, InFlightStage } from './in-flight-budget.js'
import { answerOf } from './proxy-answer.js'
import { PROXY_PROBLEMS } from './proxy-problems.js'
import type { TargetHealth } from './target-health.js'

const utf8 = new TextDecoder()
const learnsNothing = () => undefined

/** What the log line of a proxied request adds: the violations, or the fallback. */
export type ExchangeNote = { readonly violations: readonly Violation[]; readonly fallback: boolean }

export type ProxyExchangeStages = {
  readonly forwardOptions: ForwardOptions
  /** The target as named in problems and the dashboard (credentials masked). */
  readonly targetName: string
  readonly judge: TrafficJudge
  readonly journal: Journal
  readonly recording: Recording
  readonly onRecorded: () => void
  readonly fallback: Fallback | undefined
  readonly note: (c: Context, note: ExchangeNote) => void
  /** Refuses a body over the proxy's limit (413) or broken mid-stream (400), before anything is sent. */
  readonly checkBody: (
    c: Context<ServerEnv>,
  ) => Response | undefined | Promise<Response | undefined>
  /** Told whether the target answered (the caller still waiting), for health. */
  readonly targetHealth: TargetHealth
  /** This proxy's name in `Via` (RFC 9110 §7.6.3): a request that carries it came round in a loop. */
  readonly via: string
  /** Bytes in flight over all exchanges: a request past it is refused before its body is read. */
  readonly inFlight: InFlightStage
}

/**
 * One proxied request: forward it, judge the exchange with the contract's checks, record what the
 * target confirmed, journal it (secrets masked), answer the caller with the target's answer, or the
 * mock's when the target is down and `--fallback` is on, or a 502/504 problem naming the target.
 */
export const proxyExchange =
  (stages: ProxyExchangeStages) =>
  async (c: Context<ServerEnv>): Promise<Response> => {
    const started = performance.now()
    const via = c.req.header('via')
    if (via?.includes(stages.via))
      return answerProblem(c, PROXY_PROBLEMS.proxyLoop(stages.targetName))
    const hold = stages.inFlight.budget.hold()
    try {
      if (!hold.take(stages.inFlight.bodyBytesOf(c))) return stages.inFlight.busy(c)
      return await exchange(stages, c, via, started, hold)
    } finally {
      hold.release()
    }
  }

const exchange = async (
  stages: ProxyExchangeStages,
  c: Context<ServerEnv>,
  via: string | undefined,
  started: number,
  hold: InFlightHold,
): Promise<Response> => {
  const refused = await stages.checkBody(c)
  if (refused) return refused
  const url = new URL(c.req.url)
  const buffer = c.req.raw.body === null ? undefined : await c.req.arrayBuffer()
  const bytes = buffer === undefined ? undefined : new Uint8Array(buffer)
  hold.keep(bytes?.byteLength ?? 0)
  const body = bytes === undefined ? '' : utf8.decode(bytes)
  const { forwardedHeaders } = await loadForwarder()
  const headers = forwardedHeaders(c.req.raw.headers, stages.forwardOptions.headers)
  headers['via'] = via === undefined ? `1.1 ${stages.via}` : `${via}, 1.1 ${stages.via}`
  const pathAndQuery = `${url.pathname}${url.search}`
  const forwarded = await forward(stages.forwardOptions, {
    method: c.req.method,
    pathAndQuery,
    headers,
    body: bytes,
    signal: c.req.raw.signal,
    onAnswerBytes: hold.add,
  })
  const verdict = stages.judge.judge({
    method: c.req.method,
    path: url.pathname,
    url: `${stages.forwardOptions.base}${pathAndQuery}`,
    headers,
    body,
    response:
      forwarded.kind === 'answer'
        ? {
            status: forwarded.status,
            headers: Object.fromEntries(forwarded.headers),
            text: forwarded.text,
            bytes: forwarded.sourceText ?? new Uint8Array(forwarded.bytes),
          }
        : undefined,
    error: forwarded.kind === 'failed' ? forwarded.error : undefined,
    durationMs: forwarded.durationMs,
    callerLeft: c.req.raw.signal.aborted,
  })
  if (forwarded.kind === 'answer') stages.targetHealth.answered()
  else if (!c.req.raw.signal.aborted)
    stages.targetHealth.failed(verdict.mask(forwarded.error.message))
  const matched = matchOperation(c.req.method, url.pathname)
  if (forwarded.kind === 'answer' && matched) {
    const changed = stages.recording.observe({
      matched,
      status: forwarded.status,
      // Parsed once, by the judge (depth-limited).
      requestJson: verdict.sentJson,
      responseJson: verdict.answerJson,
      mask: verdict.mask,
    })
    if (changed) stages.onRecorded()
  }

  const {
    answer,
    text: answerText,
    source,
  } = await answerOf(c, forwarded, {
    targetName: stages.targetName,
    forwardOptions: stages.forwardOptions,
    fallback: stages.fallback,
    mask: verdict.mask,
    pathAndQuery,
    body: bytes,
  })
  if (forwarded.kind === 'answer') stages.fallback?.targetAnswered()

  const recorded = recordExchange(stages.journal, {
    req: c.req,
    env: c.env,
    startedAt: started,
    at: new Date().toISOString(),
    session: c.req.header('x-mock-session') ?? '',
    operationId: verdict.operationId,
    response: answer,
    // The judge's masker: it learned the exchange's credentials, and what the target handed out.
    secrets: { learn: learnsNothing, mask: verdict.mask },
    requestText: body,
    answerText,
    // The target decides what a `Prefer` it was sent does: the request's headers show it.
    violations: verdict.violations.map(({ check, pointer, message }) => ({
      check,
      pointer,
      message,
    })),
    source,
  })
  if (recorded) await recorded
  stages.note(c, { violations: verdict.violations, fallback: source === 'fallback' })
  return answer
}
