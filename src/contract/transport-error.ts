import type { TransportError } from './exchange.js'

/** A body over the client's byte limit: read no further. */
export class BodyTooLarge extends Error {
  override readonly name = 'BodyTooLarge'
}

/** How deep a chain of `cause`s is followed: fetch wraps undici's error once or twice. */
const MAX_CAUSES = 5

/** Each error of the chain: the one thrown, its cause, the cause's cause… */
const chainOf = (error: unknown): Error[] => {
  const chain: Error[] = []
  let at: unknown = error
  for (let i = 0; i < MAX_CAUSES && at instanceof Error; i++) {
    chain.push(at)
    at = at.cause
  }
  return chain
}

const codeOf = (error: Error): string | undefined => {
  const code: unknown = Reflect.get(error, 'code')
  return typeof code === 'string' ? code : undefined
}

/**
 * Bytes came back but were not valid HTTP: undici's header limit (`UND_ERR_HEADERS_OVERFLOW`) or
 * llhttp's parser errors (`HPE_HEADER_OVERFLOW`, `HPE_INVALID_CONSTANT`…).
 */
const isMalformed = (code: string) => code === 'UND_ERR_HEADERS_OVERFLOW' || code.startsWith('HPE_')
/**
 * llhttp's parser error by name: Node 24's undici sets its `code` to `undefined` for some parser
 * errors (bytes that are not HTTP at all), so the code alone would call such a server unreachable.
 */
const PARSER_ERROR = 'HTTPParserError'
const isHeaderOverflow = (code: string) =>
  code === 'UND_ERR_HEADERS_OVERFLOW' || code === 'HPE_HEADER_OVERFLOW'

/** A transport failure as a value: what kind, at which stage, in one line. */
export const describeTransportError = (
  error: unknown,
  timeoutMs: number,
  stage: 'connect' | 'body',
): TransportError => {
  if (error instanceof BodyTooLarge) return { kind: 'too-large', stage, message: error.message }
  const chain = chainOf(error)
  const name = chain[0]?.name ?? ''
  if (name === 'TimeoutError' || name === 'AbortError') {
    const what = stage === 'connect' ? 'no answer' : 'the body did not end'
    return { kind: 'timeout', stage, message: `${what} within ${timeoutMs} ms` }
  }
  const coded = chain.find((e) => codeOf(e) !== undefined)
  const code = coded ? codeOf(coded) : undefined
  if (code !== undefined && isMalformed(code)) {
    const what = isHeaderOverflow(code)
      ? "headers too large for the client's limit"
      : (coded?.message ?? 'unparsable')
    return { kind: 'malformed', stage, message: `not valid HTTP: ${what} (${code})`, code }
  }
  const parserError = chain.find((e) => e.name === PARSER_ERROR)
  if (parserError !== undefined) {
    const message = `not valid HTTP: ${parserError.message || 'unparsable'} (${PARSER_ERROR})`
    return { kind: 'malformed', stage, message, code: PARSER_ERROR }
  }
  const message = chain.map((e) => e.message).join(': ') || String(error)
  return stage === 'body'
    ? { kind: 'truncated', stage, message: `body ended early (${message})`, code }
    : { kind: 'network', stage, message, code }
}

/** Codes that say no connection was ever made: nothing listens, no such host, no route. */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
])

/** Whether a failure says no connection was ever made: the target is not there at all. */
export const neverConnected = (error: TransportError | undefined): boolean =>
  error !== undefined && NEVER_CONNECTED.has(error.code ?? '')

/**
 * Whether a failure leaves open if the server answered anything at all: the connection was made,
 * then reset or closed before the answer was complete (undici reports both the same way, whether
 * or not bytes came first).
 */
export const isAmbiguousReset = (error: TransportError): boolean =>
  error.kind === 'network' && error.code !== undefined && !NEVER_CONNECTED.has(error.code)
