import { isSecretHeader, REDACTED } from '../secrets/index.js'
import { maskedMessage, type Verdict } from './check.js'
import { curlFor } from './curl.js'
import { type CheckInput, type SentRequest, sentSecretsOf } from './exchange.js'
import type { Redactor } from './redactor.js'
import type { ExchangeSummary, Finding } from './report.js'

/** Characters of a request or response body kept in a report. */
const EXCERPT_CHARS = 400

const excerpt = (text: string | undefined) =>
  text === undefined
    ? undefined
    : text.length > EXCERPT_CHARS
      ? `${text.slice(0, EXCERPT_CHARS)}…(${text.length} chars)`
      : text

/** What a report keeps of one exchange: a summary, and findings built on demand. */
export type DescribedExchange = {
  readonly summary: ExchangeSummary
  readonly findingOf: (verdict: Verdict & { kind: 'fail' }) => Finding
}

/** The response as redacted text: a JSON answer masked by field names, echoed keys included. */
const responseText = (
  { exchange, sentJson }: Pick<CheckInput, 'exchange' | 'sentJson'>,
  redactor: Redactor,
) => {
  const response = exchange.response
  if (!response) return undefined
  if (!response.isJson) return redactor.response(response.text)
  // The API keys this request sent, masked where a field of the answer carries one back whole: read
  // from the body as sent, since a case may send JSON text (`{ raw }`, an escaped spelling).
  const sentKeys = sentSecretsOf(sentJson)
  return redactor.responseJson(response.json, sentKeys)
}

/** The request as sent, with only the user's credentials masked (it must still reproduce). */
const redactedRequest = (request: SentRequest, redactor: Redactor): SentRequest => ({
  method: request.method,
  url: redactor.request(request.url),
  headers: Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      isSecretHeader(name) ? REDACTED : redactor.request(value),
    ]),
  ),
  body: excerpt(request.body === undefined ? undefined : redactor.request(request.body)),
})

/** What a report keeps of one exchange under a title: redacted, bodies cut to an excerpt. */
export const summarizeExchange = (
  caseTitle: string,
  input: Pick<CheckInput, 'exchange' | 'sentJson'>,
  redactor: Redactor,
): ExchangeSummary => {
  const { exchange } = input
  const error = exchange.error
    ? redactor.response(`${exchange.error.kind}: ${exchange.error.message}`)
    : undefined
  return {
    caseTitle,
    method: exchange.request.method,
    url: redactor.request(exchange.request.url),
    requestExcerpt: excerpt(
      exchange.request.body === undefined ? undefined : redactor.request(exchange.request.body),
    ),
    status: exchange.response?.status,
    error,
    responseExcerpt: excerpt(responseText(input, redactor)),
    durationMs: Math.round(exchange.durationMs),
  }
}

/**
 * Redacted, bounded text for the report, computed once per exchange: the whole body is read here
 * and nowhere kept (a run holds excerpts, never bodies).
 */
export const describeExchange = (input: CheckInput, redactor: Redactor): DescribedExchange => {
  const { exchange } = input
  const summary = summarizeExchange(input.case.title, input, redactor)
  const { error, responseExcerpt } = summary
  // Built once, when a first check fails on this exchange; shared by the findings of the others.
  let request: { readonly request: SentRequest; readonly curl: string } | undefined
  return {
    summary,
    findingOf: (verdict) => {
      request ??= {
        request: redactedRequest(exchange.request, redactor),
        curl: curlFor(exchange.request, redactor),
      }
      return {
        caseTitle: input.case.title,
        message: maskedMessage(verdict.message, redactor.response),
        pointer: verdict.pointer === undefined ? undefined : redactor.response(verdict.pointer),
        request: request.request,
        status: exchange.response?.status,
        responseExcerpt: responseExcerpt ?? excerpt(error),
        curl: request.curl,
      }
    },
  }
}
