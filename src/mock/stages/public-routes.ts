import type { Hono, MiddlewareHandler } from 'hono'
import { buildOpenApiDocument, serversFor } from '../../api/document.js'
import { ADMIN_PREFIX } from '../admin.js'
import type { MockEnv } from '../env.js'

/** What `GET /` tells about the running mock. */
export type MockIndex = () => {
  scenario: string
  orgId: string
  llmProviderId: string
}

/** `GET /openapi.json`, `GET /docs` and `GET /`: the mock describing itself. */
export const registerPublicRoutes = (app: Hono<MockEnv>, index: MockIndex) => {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined
  app.get('/openapi.json', (c) => {
    // The document names this server as the default base URL, so /docs "Try it out" hits the
    // mock; only allowed hosts get this far (the Host guard).
    document ??= buildOpenApiDocument()
    return c.json({ ...document, servers: serversFor(new URL(c.req.url).origin) })
  })
  // Loaded on the first visit: the page is not on the start-up path.
  let docs: MiddlewareHandler | undefined
  app.get('/docs', async (c, next) => {
    docs ??= (await import('@hono/swagger-ui')).swaggerUI({
      url: '/openapi.json',
      title: 'worker-api-kit mock',
    })
    return docs(c, next)
  })
  app.get('/', (c) =>
    c.json({
      name: 'worker-api-kit mock',
      docs: '/docs',
      openapi: '/openapi.json',
      admin: `${ADMIN_PREFIX}/health`,
      ...index(),
    }),
  )
}
