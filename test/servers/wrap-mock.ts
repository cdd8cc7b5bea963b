// Builders for the servers the contract suite judges (test/contract/judge-matrix.ts): our mock,
// wrapped in a small Hono app that changes one thing about it. Builders only, no assertions.
import { Hono } from 'hono'
import { matchOperation } from '../../src/api/match-operation.js'
import { operationEntry } from '../../src/api/operation-table.js'
import type { OperationId } from '../../src/api/operations.js'
import { rememberAnswerText } from '../../src/common/answer-text.js'
import { jsonSchemaOf } from '../../src/contract/json-schema.js'
import { createMockApp, type MockApp } from '../../src/mock/app.js'

/** The organization and LLM provider that exist on a server (the suite needs both). */
export type ServerIds = { readonly orgId: string; readonly llmProviderId: string }

export type JudgedApp = Hono & { readonly ids: ServerIds }

/** A server that breaks exactly one rule of the spec. */
export type BrokenServer = {
  /** The id of the check that must fail on it. */
  readonly breaks: string
  /**
   * The catalogue class (docs/CATALOGUE.md) whose cases, and no other class's, fail `breaks` on it:
   * the server proves that class is needed. Absent where several classes catch it.
   */
  readonly catches?: string
  /** The section of spec/SPEC.md that states the rule. */
  readonly spec: string
  readonly description: string
  readonly app: JudgedApp
  readonly ids: ServerIds
}

/** A server that keeps the spec while choosing differently where the spec is silent. */
export type VariantServer = {
  readonly choice: string
  readonly app: JudgedApp
  readonly ids: ServerIds
  /** The base URL to judge it at, when not the judge's default (e.g. one with a path prefix). */
  readonly baseUrl?: string
  /** Judged on a real port with the default fetch (e.g. so that gzip is decoded as a client does). */
  readonly isOverHttp?: boolean
}

/** A request as the wrapper received it, before the mock sees it. */
export type Incoming = {
  readonly operationId: OperationId | undefined
  readonly method: string
  readonly path: string
  /** Path parameters of the operation, decoded. */
  readonly params: Readonly<Record<string, string>>
  readonly text: string
  /** The Content-Type it was sent with. */
  readonly contentType: string | undefined
  /** The body parsed as JSON; undefined when it does not parse. */
  readonly json: unknown
  /** Aborts when the caller stops waiting. */
  readonly signal: AbortSignal
}

/** What to send on to the mock instead of the request received. */
export type Rewrite = {
  readonly path?: string
  readonly json?: unknown
  /** The Content-Type to send it on with, instead of the one received. */
  readonly contentType?: string
}

type Awaitable<T> = T | Promise<T>

export type HookContext = {
  readonly request: Incoming
  /** The wrapped mock, e.g. to create a worker on the side. */
  readonly mock: MockApp
}

export type WrapOptions = {
  /** Answers the request without the mock (a Response) or changes what the mock receives. */
  readonly before?: (request: Incoming, mock: MockApp) => Awaitable<Response | Rewrite | undefined>
  /** Changes the JSON body of a 2xx answer of one operation (status and headers kept). */
  readonly success?: {
    readonly [K in OperationId]?: (body: unknown, context: HookContext) => Awaitable<unknown>
  }
  /** Changes the whole answer, after `success`. */
  readonly after?: (response: Response, context: HookContext) => Awaitable<Response>
}

/** The operation a request calls, through the kit's own matcher (one table, src/api). */
const routeOf = (method: string, path: string) =>
  matchOperation(method, path) ?? { operationId: undefined, params: {} }

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const isAbort = (error: Error) => error.name === 'TimeoutError' || error.name === 'AbortError'

/**
 * A JSON answer with the headers of `from` (content-length dropped: the body changed), its text
 * remembered as the mock's answers are (an in-process judge reads it without a web stream).
 */
export const jsonResponse = (body: unknown, from: Response, status = from.status) => {
  const headers = new Headers(from.headers)
  headers.delete('content-length')
  headers.set('content-type', 'application/json')
  const text = JSON.stringify(body)
  return rememberAnswerText(new Response(text, { status, headers }), text)
}

/**
 * Our mock behind a Hono app whose hooks change one thing: the request the mock receives, the
 * JSON of a success, or the whole answer. `app.ids` names the mock's organization and provider.
 */
export const wrapMock = (options: WrapOptions = {}): JudgedApp => {
  const mock = createMockApp()
  const app = new Hono()
  app.all('*', async (c) => {
    const url = new URL(c.req.url)
    const text = await c.req.text()
    let json: { value: unknown } | undefined
    const request: Incoming = {
      ...routeOf(c.req.method, url.pathname),
      method: c.req.method,
      path: url.pathname,
      text,
      contentType: c.req.header('content-type'),
      // Parsed when a hook reads it: most hooks never do.
      get json() {
        json ??= { value: parseJson(text) }
        return json.value
      },
      signal: c.req.raw.signal,
    }
    const rewrite = await options.before?.(request, mock)
    if (rewrite instanceof Response) return rewrite
    const headers = new Headers(c.req.raw.headers)
    headers.delete('content-length')
    if (rewrite?.contentType !== undefined) headers.set('content-type', rewrite.contentType)
    const body = rewrite?.json === undefined ? text : JSON.stringify(rewrite.json) // a rewritten body is JSON
    const target = new URL(`${rewrite?.path ?? url.pathname}${url.search}`, url)
    let response = await mock.fetch(
      new Request(target, {
        method: c.req.method,
        headers,
        ...(c.req.method === 'GET' || c.req.method === 'HEAD' ? {} : { body }),
      }),
    )
    const context: HookContext = { request, mock }
    const transform = request.operationId ? options.success?.[request.operationId] : undefined
    if (transform && response.status >= 200 && response.status < 300) {
      response = jsonResponse(await transform(await response.json(), context), response)
    }
    return options.after ? options.after(response, context) : response
  })
  app.onError((error, c) => {
    // The caller stopped waiting: drop the exchange, as a closed socket would, instead of
    // answering it (a real fetch rejects with the same error).
    if (isAbort(error)) throw error
    return c.text(`wrapper failed: ${error.message}`, 500)
  })
  return Object.assign(app, { ids: mock.ids })
}

/** A broken server: the mock with one rule broken. */
export const broken = (
  server: Omit<BrokenServer, 'app' | 'ids'>,
  options: WrapOptions,
): BrokenServer => {
  const app = wrapMock(options)
  return { ...server, app, ids: app.ids }
}

/** A variant: the mock with one choice made differently where the spec is silent. */
export const variant = (choice: string, options: WrapOptions): VariantServer => {
  const app = wrapMock(options)
  return { choice, app, ids: app.ids }
}

// ---- JSON editing, for the hooks

export type JsonObject = Record<string, unknown>

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `value` at `path`, or undefined. */
export const getAt = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), value)

/** A copy of `value` with `next` at `path` (objects along the path are copied, never mutated). */
export const setAt = (value: unknown, path: readonly string[], next: unknown): unknown => {
  const [head, ...rest] = path
  if (head === undefined) return next
  const object = isObject(value) ? value : {}
  return { ...object, [head]: setAt(object[head], rest, next) }
}

/** A copy of `value` with `path` changed by `edit` (left alone when `path` is missing). */
export const updateAt = (
  value: unknown,
  path: readonly string[],
  edit: (current: unknown) => unknown,
): unknown => {
  const current = getAt(value, path)
  return current === undefined ? value : setAt(value, path, edit(current))
}

/** A copy of `value` without the key at the end of `path`. */
export const deleteAt = (value: unknown, path: readonly string[]): unknown => {
  const [head, ...rest] = path
  if (head === undefined || !isObject(value) || !(head in value)) return value
  if (rest.length === 0) {
    const { [head]: _dropped, ...others } = value
    return others
  }
  return { ...value, [head]: deleteAt(value[head], rest) }
}

/** Every string of a JSON value, however deep. */
export const stringsOf = (value: unknown): string[] => {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsOf)
  if (isObject(value)) return Object.values(value).flatMap(stringsOf)
  return []
}

/** The body properties an operation's request schema names (spec §4.1, §4.2, §4.3). */
export const bodyPropertiesOf = (operationId: OperationId): string[] =>
  Object.keys(jsonSchemaOf(operationEntry(operationId).bodySchema).properties ?? {})

/**
 * A value one call holds while it is being written (`ms`), as a racy server's one shared slot:
 * a call that arrives meanwhile is given the held value instead of its own.
 */
export const racySlot = (ms: number) => {
  let held: unknown
  return async (own: unknown): Promise<unknown> => {
    if (held !== undefined) return held
    held = own
    await new Promise((resolve) => setTimeout(resolve, ms))
    held = undefined
    return own
  }
}
