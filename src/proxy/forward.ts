import { BodyTooLarge, describeTransportError, type TransportError } from '../contract/index.js'
import {
  type Fetch,
  type ForwardOptions,
  loadForwarder,
  type Forwarded as Sent,
} from '../server/index.js'

export type { Fetch, ForwardOptions }

/** The forwarder's answer, a failure described as the contract's client describes one. */
export type Forwarded =
  | Extract<Sent, { kind: 'answer' }>
  | { readonly kind: 'failed'; readonly error: TransportError; readonly durationMs: number }

/** Sends one request on to the target (the server layer's forwarder), a failure judged as the contract's. */
export const forward = async (
  options: ForwardOptions,
  request: Parameters<Awaited<ReturnType<typeof loadForwarder>>['forwardRequest']>[1],
): Promise<Forwarded> => {
  const { forwardRequest, AnswerTooLarge } = await loadForwarder()
  const sent = await forwardRequest(options, request)
  if (sent.kind === 'answer') return sent
  const cause =
    sent.cause instanceof AnswerTooLarge ? new BodyTooLarge(sent.cause.message) : sent.cause
  return {
    kind: 'failed',
    error: describeTransportError(cause, options.timeoutMs, sent.stage),
    durationMs: sent.durationMs,
  }
}
