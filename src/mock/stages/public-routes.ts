import type { Hono } from 'hono'
import { DASHBOARD_PATH } from '../../server/index.js'
import { ADMIN_PREFIX } from '../admin.js'
import type { MockEnv } from '../env.js'

/** What `GET /` tells about the running mock. */
export type MockIndex = () => {
  scenario: string
  orgId: string
  llmProviderId: string
}

// The document and the docs page are imported on their first request: neither is on the
// start-up path (the OpenAPI generator and the fixtures cost milliseconds a cold start need not pay).
let servedDocument: Promise<typeof import('../served-document.js')> | undefined
let docsPage: Promise<ReturnType<typeof import('../docs-page.js').createDocsHandlers>> | undefined
const docs = () => {
  docsPage ??= import('../docs-page.js').then((m) => m.createDocsHandlers())
  return docsPage
}

/** The paths the mock describes itself on (`registerPublicRoutes`): its own whatever the method. */
export const isPublicPath = (path: string) =>
  path === '/' || path === '/openapi.json' || path === '/docs' || path.startsWith('/docs/')

/** `GET /openapi.json`, `GET /docs` (and its files) and `GET /` (which names the dashboard too): the mock describing itself. */
export const registerPublicRoutes = (app: Hono<MockEnv>, index: MockIndex) => {
  app.get('/openapi.json', async (c) => {
    // The document names this server as the default base URL, so /docs "Try it out" hits the
    // mock; only allowed hosts get this far (the Host guard).
    servedDocument ??= import('../served-document.js')
    return c.json((await servedDocument).servedDocument(new URL(c.req.url).origin))
  })
  app.get('/docs', async (c) => (await docs()).page(c))
  app.get('/docs/:name', async (c) => (await docs()).asset(c, c.req.param('name')))
  app.get('/', (c) =>
    c.json({
      name: 'worker-api-kit mock',
      docs: '/docs',
      openapi: '/openapi.json',
      admin: `${ADMIN_PREFIX}/health`,
      dashboard: DASHBOARD_PATH,
      ...index(),
    }),
  )
}
