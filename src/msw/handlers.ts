import { type DefaultBodyType, type HttpHandler, http, type PathParams } from 'msw'
import { createMockApp, type MockApp, type MockAppOptions } from '../mock/app.js'

export type MswHandlersOptions = MockAppOptions & {
  /**
   * Where the API lives, e.g. `https://api.example.com` (no trailing path). Default `*`: any
   * origin. Only `/v1/*` and `/__mock/*` under it are answered; other requests pass through.
   */
  baseUrl?: string
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
  ...options
}: MswHandlersOptions = {}): { handlers: HttpHandler[]; app: MockApp } => {
  const app = createMockApp(options)
  const base = baseUrl.replace(/\/+$/, '')
  const handlers = MOCK_PATHS.map((path) =>
    http.all<PathParams, DefaultBodyType, undefined>(`${base}${path}`, ({ request }) =>
      app.fetch(request),
    ),
  )
  return { handlers, app }
}
