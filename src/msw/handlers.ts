import { type DefaultBodyType, type HttpHandler, http, type PathParams } from 'msw'
import {
  createMockApp,
  isMockedRequest,
  MOCKED_ROUTES,
  type MockApp,
  type MockAppOptions,
} from '../mock/index.js'
import type { MswPersistOptions } from './persist.js'

export type MswHandlersOptions = MockAppOptions & {
  /**
   * Where the API lives, e.g. `https://api.example.com` (no trailing path). Default `*`: any
   * origin. Only the declared operations (their method and path) and `/__mock/*` under it are
   * answered; every other request (a list of workers, a login) is left to MSW's
   * `onUnhandledRequest`: `'bypass'` sends it on to the network.
   */
  baseUrl?: string
  /**
   * Keeps the mock's state across a page reload in this storage (`sessionStorage`,
   * `localStorage`): every session's workers, provider and scenario, saved after each request and
   * restored when the handlers are created again. The API key is never written; a reset of all
   * sessions (`POST /__mock/reset`) removes what was saved. Default: nothing is kept.
   */
  persist?: MswPersistOptions
}

/** MSW's request handlers by method, as `http` names them. */
const MSW_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const

/** The `http` handler for a route's method (`POST`; `*` for any: `all`). */
const mswMethodOf = (method: string): (typeof MSW_METHODS)[number] | 'all' => {
  if (method === '*') return 'all'
  const found = MSW_METHODS.find((name) => name === method.toLowerCase())
  if (found === undefined) throw new TypeError(`[worker-api-kit] MSW has no handler for ${method}`)
  return found
}

/**
 * The mock as MSW request handlers: the very same `createMockApp` runs inside the page, jsdom or
 * node, without a server. Pass the handlers to `setupServer(...handlers)` (msw/node) or
 * `setupWorker(...handlers)` (msw/browser); `app` is the mock itself (`app.ids`, `app.request`).
 */
export const createMswHandlers = ({
  baseUrl = '*',
  persist,
  ...options
}: MswHandlersOptions = {}): { handlers: HttpHandler[]; app: MockApp } => {
  const app = createMockApp(options)
  // The state's keeper (persist.ts) is loaded only when a storage is given: a page without one
  // carries neither it nor the saved state's reader. The saved state is restored before the
  // handlers answer their first request.
  const keeper = persist
    ? import('./persist.js').then(({ persistMock }) => persistMock(app, persist))
    : undefined
  const base = baseUrl.replace(/\/+$/, '')
  const handlers = MOCKED_ROUTES.map(({ method, path }) =>
    http[mswMethodOf(method)]<PathParams, DefaultBodyType, undefined>(
      `${base}${path}`,
      async ({ request }) => {
        // MSW's match is looser than the mock's (a trailing slash): what the mock does not answer
        // itself goes on, as an unclaimed request does.
        if (!isMockedRequest(request.method, new URL(request.url).pathname)) return undefined
        const save = await keeper
        // The page that runs the mock sent it: no page of another site can (the origin rule).
        const response = await app.fetch(request, { fromHostPage: true })
        save?.()
        // A dropped connection (a `reset` fault: the one answer with status 0, its error type lost
        // on the way out of the app) is a network error, made by the Response MSW checks against
        // now (@hono/node-server may have replaced the global since MSW loaded).
        return response.status === 0 ? Response.error() : response
      },
    ),
  )
  return { handlers, app }
}
