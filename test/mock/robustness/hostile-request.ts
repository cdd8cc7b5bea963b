import fc from 'fast-check'
import { type OperationId, operations } from '../../../src/api/operations.js'
import { MAX_BODY_BYTES } from '../../../src/mock/app.js'
import { minimalBody } from '../../helpers/requests.js'

export const SEED = 20_261_121
export const ORIGIN = 'http://mock.test'
export const PROBLEM_JSON = 'application/problem+json'
export const KIB = 1024

export type Body = { readonly label: string; readonly bytes: Uint8Array<ArrayBuffer> }

export type HostileRequest = {
  readonly method: string
  /** Path and query, as sent (the URL parser normalizes what it must). */
  readonly path: string
  readonly headers: readonly (readonly [string, string])[]
  readonly body: Body | undefined
}

export const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text

export const describeRequest = ({ method, path, headers, body }: HostileRequest) =>
  [
    `${method} ${cut(path, 160)}`,
    ...headers.map(([name, value]) => `  ${name}: ${cut(value, 60)}`),
    `  body: ${body ? `${body.label} (${body.bytes.byteLength} bytes)` : 'none'}`,
  ].join('\n')

/** A request that fast-check prints as its summary, not as a megabyte of bytes. */
export const hostile = (request: HostileRequest): HostileRequest & fc.WithToStringMethod => ({
  ...request,
  [fc.toStringMethod]: () => describeRequest(request),
})

export const encoder = new TextEncoder()
export const utf8 = (text: string) => encoder.encode(text)
export const textBody = (label: string, text: string): Body => ({
  label: `${label}: ${cut(text, 80)}`,
  bytes: utf8(text),
})
export const concat = (...parts: Uint8Array[]) => {
  const bytes = new Uint8Array(parts.reduce((size, part) => size + part.byteLength, 0))
  let offset = 0
  for (const part of parts) {
    bytes.set(part, offset)
    offset += part.byteLength
  }
  return bytes
}

/** An operation's smallest valid body with a hole at its first field: `[before, after]` the value. */
export const templateOf = (operationId: OperationId): readonly [string, string] => {
  const body = minimalBody(operationId)
  if (typeof body !== 'object' || body === null) throw new Error(`no object body: ${operationId}`)
  const [first] = Object.keys(body)
  const hole = '\u0000hole\u0000'
  const text = JSON.stringify({ ...body, ...(first ? { [first]: hole } : {}) })
  const [before = '', after = ''] = text.split(JSON.stringify(hole))
  return [before, after]
}

export const deep = (depth: number, open: string, close: string, leaf = '') =>
  `${open.repeat(depth)}${leaf}${close.repeat(depth)}`

/** A body of exactly `size` bytes: the operation's template with a long string in the hole. */
export const bodyOfSize = (operationId: OperationId, size: number, unit = 'x'): Body => {
  const [before, after] = templateOf(operationId)
  const frame = utf8(`${before}""${after}`).byteLength
  const units = Math.floor((size - frame) / utf8(unit).byteLength)
  return textBody(
    `${size} bytes`,
    `${before}"${unit.repeat(units)}${'x'.repeat(size - frame - units * utf8(unit).byteLength)}"${after}`,
  )
}

/**
 * A few giants, built once: near and above the body limit, 10 000 to 100 000 nested arrays, huge
 * arrays, a megabyte of bytes that are not UTF-8. Sent as examples and now and then at random.
 */
export const giantsOf = (operationId: OperationId): Body[] => {
  const [before, after] = templateOf(operationId)
  return [
    bodyOfSize(operationId, MAX_BODY_BYTES),
    bodyOfSize(operationId, MAX_BODY_BYTES + 1),
    bodyOfSize(operationId, MAX_BODY_BYTES - 1, 'é'),
    bodyOfSize(operationId, 2 * MAX_BODY_BYTES),
    textBody('10 000 nested arrays', deep(10_000, '[', ']')),
    // Just under the journal's 64 KiB: parsed and redacted there, as deep as a kept body gets.
    textBody('30 000 nested arrays in a field', `${before}${deep(30_000, '[', ']')}${after}`),
    textBody('100 000 nested arrays in a field', `${before}${deep(100_000, '[', ']')}${after}`),
    textBody(
      '10 000 nested objects in a field',
      `${before}${deep(10_000, '{"a":', '}', '1')}${after}`,
    ),
    textBody(
      '100 000 items in a field',
      `${before}${JSON.stringify(Array(100_000).fill('m'))}${after}`,
    ),
    { label: 'a megabyte of 0xFF', bytes: new Uint8Array(MAX_BODY_BYTES - 1).fill(0xff) },
  ]
}
export const GIANTS = new Map(operations.map((o) => [o.operationId, giantsOf(o.operationId)]))
export const giantsFor = (operationId: OperationId) => GIANTS.get(operationId) ?? []
