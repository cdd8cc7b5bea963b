import { buildProblem } from '../api/problem-kinds.js'

/** The problems only the proxy answers (its target failed), worded once. */
export const PROXY_PROBLEMS = {
  targetUnreachable: (target: string, reason: string) =>
    buildProblem('bad-gateway', `The proxy's target ${target} gave no answer: ${reason}.`),
  targetTooSlow: (target: string, timeoutMs: number) =>
    buildProblem(
      'gateway-timeout',
      `The proxy's target ${target} did not answer within ${timeoutMs} ms (--timeout).`,
    ),
  targetAnswerTooLarge: (target: string, maxBytes: number) =>
    buildProblem(
      'bad-gateway',
      `The proxy's target ${target} answered more than ${maxBytes} bytes; the proxy reads no further.`,
    ),
  proxyLoop: (target: string) =>
    buildProblem(
      'loop-detected',
      `The proxy's target ${target} sent this request back to the proxy itself; point --target at the deployment, not at the proxy.`,
    ),
  proxyBusy: (maxBytes: number, retryAfterSeconds: number) =>
    buildProblem(
      'proxy-busy',
      `The proxy already holds ${maxBytes} bytes of requests and answers in flight; retry after ${retryAfterSeconds} s.`,
    ),
  proxiedBodyTooLarge: (maxBytes: number) =>
    buildProblem('payload-too-large', `The proxy forwards bodies up to ${maxBytes} bytes.`),
} as const
