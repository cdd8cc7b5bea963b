import { type DefaultBodyType, type HttpHandler, http, type PathParams } from 'msw'
import { createMockApp, type MockApp, type MockAppOptions } from '../mock/index.js'
import { type MswPersistOptions, persistMock } from './persist.js'

export type MswHandlersOptions = MockAppOptions & {
  /**
   * Where the API lives, e.g. `https://api.example.com` (no trailing path). Default `*`: any
   * origin. Only `/v1/*` and `/__mock/*` under it are answered; other requests pass through.
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

/** The paths of the mock that the handlers answer: the API and the admin routes. */
const MOCK_PATHS = ['/v1/*', '/__mock/*'] as const

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
  const save = persist ? persistMock(app, persist) : undefined
  const base = baseUrl.replace(/\/+$/, '')
  const handlers = MOCK_PATHS.map((path) =>
    http.all<PathParams, DefaultBodyType, undefined>(`${base}${path}`, async ({ request }) => {
      // The page that runs the mock sent it: no page of another site can (the origin rule).
      const response = await app.fetch(request, { fromHostPage: true })
      save?.()
      return response
    }),
  )
  return { handlers, app }
}
