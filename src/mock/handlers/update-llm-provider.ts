import type { RouteHandler } from '@hono/zod-openapi'
import type { updateLlmProvider as route } from '../../api/operations.js'
import type { MockEnv } from '../env.js'
import { mergeLlmProvider, toMockLlmProvider } from '../factories.js'
import { PROBLEMS, problemResponse } from '../problem.js'

/** spec §4.1: merge the given fields into the stored provider. assumption: see README#assumptions */
export const updateLlmProvider: RouteHandler<typeof route, MockEnv> = (c) => {
  const { session, now } = c.var
  const { orgId, llmProviderId } = c.req.valid('param')
  if (!session.store.orgs.has(orgId)) {
    return problemResponse(c, 404, PROBLEMS.organizationNotFound(orgId))
  }
  const record = session.store.findLlmProvider(orgId, llmProviderId)
  if (!record) return problemResponse(c, 404, PROBLEMS.llmProviderNotFound(orgId, llmProviderId))
  const updated = mergeLlmProvider(record, c.req.valid('json'), now)
  session.store.llmProviders.set(updated.id, updated)
  return c.json({ llmProvider: toMockLlmProvider(updated) }, 200)
}
