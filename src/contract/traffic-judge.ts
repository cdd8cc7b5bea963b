import { matchOperation } from '../api/match-operation.js'
import { operationEntry } from '../api/operation-table.js'
import type { OperationId } from '../api/operations.js'
import { createSecretBook } from '../secrets/index.js'
import { maskedMessage } from './check.js'
import { receivedResponse } from './client.js'
import {
  type CheckInput,
  parsedJson,
  type ReceivedResponse,
  type TransportError,
} from './exchange.js'
import { observedCase } from './observed-case.js'
import { parseJson } from './parse-json.js'
import { createRedactor } from './redactor.js'
import { selectChecks } from './select-checks.js'
import { createdWorkerOf, createStateModel } from './state-model.js'
import { neverConnected } from './transport-error.js'

/** One exchange that passed through a proxy: what the caller sent and what the target answered. */
export type ObservedExchange = {
  readonly method: string
  /** The path as requested, percent-encoded, without the query. */
  readonly path: string
  /** The URL the request went to (for the report's curl line). */
  readonly url: string
  /** The request's headers, names in lowercase. */
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  readonly response?:
    | {
        readonly status: number
        readonly headers: Readonly<Record<string, string>>
        readonly text: string
        /**
         * The bytes as they came, when at hand, read as strictly as a conforming client reads them;
         * or the text an in-process answer was built from, which they encode.
         */
        readonly bytes?: Uint8Array | string | undefined
      }
    | undefined
  readonly error?: TransportError | undefined
  readonly durationMs: number
  /** The caller went away before the answer (or the proxy stopped): the failure is not the target's. */
  readonly callerLeft?: boolean | undefined
}

/** A rule of the contract one exchange broke, already redacted. */
export type Violation = {
  readonly check: string
  readonly severity: 'error' | 'warning'
  /** Where in the answer (or the request, for `/body…` and `/params…`), when the check says. */
  readonly pointer: string | null
  readonly message: string
}

export type TrafficVerdict = {
  /** The operation the request called, or null when it called none of the API's. */
  readonly operationId: OperationId | null
  readonly violations: readonly Violation[]
  /** Masks every secret of this exchange (credentials sent, keys sent, tokens answered) in text. */
  readonly mask: (text: string) => string
  /** The request's and the answer's bodies as parsed for judging (undefined when not JSON), for the proxy's recording. */
  readonly sentJson: unknown
  readonly answerJson: unknown
}

export type TrafficJudgeOptions = {
  /** Also judge our conventions (the `--strict` checks). */
  readonly strict?: boolean | undefined
  /** Credentials the proxy adds itself (`-H`): masked in every form, wherever they come back. */
  readonly credentials?: Iterable<string> | undefined
  /**
   * Every exchange comes from one caller (a replay sends a recording with one set of headers): the
   * checks that need to know so judge too, as in a contract run.
   */
  readonly oneCaller?: boolean | undefined
}

/**
 * Checks that can never judge traffic someone else wrote, and why: they are left out of the judge
 * (and of what it says it runs).
 */
export const NOT_FROM_TRAFFIC: Readonly<Record<string, string>> = {
  'unknown-id-rejected': 'whether an id names nothing is known only to whoever wrote the request',
  'creates-share-owner':
    'which creates come from one caller is known only to whoever sent them: a proxy serves many',
  'is-mine-unchanged':
    'whether two calls about a worker come from one caller is known only to the caller',
}

/** Of those, the checks that judge once every exchange is known to come from one caller. */
const ONE_CALLER: Readonly<Record<string, true>> = {
  'creates-share-owner': true,
  'is-mine-unchanged': true,
}

/**
 * Judges traffic someone else wrote (the proxy's) with the contract's own checks: each request
 * becomes the case it amounts to (`observedCase`), and the checks judge its exchange exactly as
 * they judge the suite's, with what earlier exchanges established (created ids, the worker before a
 * rename). A transport failure before any answer (the target is down) is not judged.
 */
export const createTrafficJudge = (options: TrafficJudgeOptions = {}) => {
  const checks = selectChecks({ strict: options.strict }).filter(
    (check) =>
      !Object.hasOwn(NOT_FROM_TRAFFIC, check.id) ||
      (options.oneCaller === true && Object.hasOwn(ONE_CALLER, check.id)),
  )
  const cliCredentials = [...(options.credentials ?? [])]
  // One book for the judge: what any caller sent or the target answered (a key, a credential
  // header's value, a token, a cookie a login set) is masked wherever any later exchange repeats or
  // echoes it, in every form (whole, base64, hex…); learning one seen before is a lookup.
  const redactor = createRedactor(cliCredentials, createSecretBook())
  const { book } = redactor
  const memory = createStateModel()
  // One caller's: what its first create answered is its own (creates-share-owner).
  let firstCreatedWorker: object | undefined

  /** Judges an exchange whose answer was already read (`received`), as the contract's client reads one. */
  const judgeReceived = (
    observed: Omit<ObservedExchange, 'response'>,
    received: ReceivedResponse | undefined,
  ): TrafficVerdict => {
    const matched = matchOperation(observed.method, observed.path, { withEmptyIds: true })
    const requestJson = parseJson(observed.body)
    const sentJson = requestJson.kind === 'json' ? requestJson.value : undefined
    book.learnHeaders(Object.entries(observed.headers))
    if (sentJson === undefined) book.learnText(observed.body)
    else book.learnJson(sentJson)
    // A JWT in a path segment, a password in a query: credentials by their shape or name.
    book.learnText(observed.url)
    // Tokens the target hands out are masked wherever they come back, this answer included: in
    // its body's secret fields and in its credential headers (a session a `Set-Cookie` sets, an
    // `X-Auth-Token` a login answers).
    book.learnHeaders(Object.entries(received?.headers ?? {}))
    if (received?.json === undefined) book.learnText(received?.text ?? '')
    else book.learnJson(received.json)
    const mask = redactor.response
    const parsed = { sentJson, answerJson: received?.json }
    // A target that is not there at all (nothing listens, no such host) is not a verdict on the API.
    const isTargetDown = neverConnected(observed.error) || observed.callerLeft === true
    if (!matched || isTargetDown)
      return { operationId: matched?.operationId ?? null, violations: [], mask, ...parsed }
    const operation = operationEntry(matched.operationId)

    const input: CheckInput = {
      case: observedCase(
        {
          operation,
          params: matched.params,
          contentType: observed.headers['content-type'],
          body: observed.body,
          parsed: requestJson,
        },
        { status: received?.status, idsConfirmed: memory.confirms(matched) },
      ),
      exchange: {
        request: {
          method: observed.method,
          url: observed.url,
          headers: observed.headers,
          body: observed.body,
        },
        response: received,
        error: observed.error,
        durationMs: observed.durationMs,
        attempts: 1,
      },
      sentBody: observed.body,
      // The checks read the body whole, as the target did: one nested deeper than the judge's own
      // parse (its redactor skips it) still shows a key the target echoes.
      sentJson: requestJson.kind === 'too-deep' ? parsedJson(observed.body) : sentJson,
      params: matched.params,
      earlier: {
        ...memory.earlierFor(matched),
        ...(options.oneCaller && firstCreatedWorker ? { firstCreatedWorker } : {}),
      },
    }
    const violations: Violation[] = []
    for (const check of checks) {
      if (!check.operations.includes(matched.operationId)) continue
      const verdict = check.run(input)
      if (verdict.kind !== 'fail') continue
      violations.push({
        check: check.id,
        severity: check.severity,
        pointer: verdict.pointer === undefined ? null : mask(verdict.pointer),
        message: maskedMessage(verdict.message, mask),
      })
    }
    memory.learn(matched, input)
    firstCreatedWorker ??= createdWorkerOf(input)
    return { operationId: matched.operationId, violations, mask, ...parsed }
  }

  const judge = (observed: ObservedExchange): TrafficVerdict => {
    const { response } = observed
    return judgeReceived(
      observed,
      response
        ? receivedResponse(response.status, response.headers, response.bytes ?? response.text)
        : undefined,
    )
  }

  return {
    judge,
    judgeReceived,
    /**
     * Masks the secrets this judge knows outside any one exchange (the `-H` credentials, and what
     * earlier exchanges sent or answered): for what the proxy writes of a request it refused, or
     * of a path (its log line).
     */
    mask: redactor.response,
    /** The ids of the checks this judge runs. */
    checkIds: checks.map((check) => check.id),
  }
}
export type TrafficJudge = ReturnType<typeof createTrafficJudge>
