import { buildProblem } from '../server/index.js'

/** The problems only the proxy answers (its target failed, a page it does not allow), worded once. */
export const PROXY_PROBLEMS = {
  crossSiteProxy: ({ header, value }: { header: 'origin' | 'sec-fetch-site'; value: string }) =>
    buildProblem(
      'forbidden',
      `The proxy forwards no request of a page it does not allow (${header === 'origin' ? `Origin ${JSON.stringify(value.slice(0, 100))}` : `Sec-Fetch-Site: ${value.slice(0, 20)}, no Origin`}): it would reach the target with the proxy's own headers (-H). Allow the page's origin with --cors ORIGIN.`,
      [{ pointer: `/headers/${header}`, message: 'Request of a page not allowed with --cors' }],
    ),
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
