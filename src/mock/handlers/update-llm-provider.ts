import type { RouteHandler } from '@hono/zod-openapi'
import type { updateLlmProvider as route } from '../../api/operations.js'
import type { MockEnv } from '../env.js'
import { toMockLlmProvider } from '../factories.js'
import { problemResponse } from '../problem.js'
import type { LlmProviderRecord } from '../store.js'

/**
 * spec §4.1: merge the given fields into the stored provider; omitted fields are kept, an empty
 * `apiKey` removes the key. assumption: see README#assumptions
 */
export const updateLlmProvider: RouteHandler<typeof route, MockEnv> = (c) => {
  const { session, now } = c.var
  const { orgId, llmProviderId } = c.req.valid('param')
  if (!session.store.orgs.has(orgId)) {
    return problemResponse(c, 404, 'not-found', `No organization with id ${orgId}.`, [
      { pointer: '/params/orgId', message: 'No organization with this id' },
    ])
  }
  const record = session.store.findLlmProvider(orgId, llmProviderId)
  if (!record) {
    return problemResponse(
      c,
      404,
      'not-found',
      `No LLM provider with id ${llmProviderId} in organization ${orgId}.`,
      [
        {
          pointer: '/params/llmProviderId',
          message: 'No LLM provider with this id in this organization',
        },
      ],
    )
  }
  const body = c.req.valid('json')
  const updated: LlmProviderRecord = {
    ...record,
    source: body.source,
    providerId: body.providerId ?? record.providerId,
    modelIds: body.modelIds ?? record.modelIds,
    customConfigText: body.customConfigText ?? record.customConfigText,
    memberIds: body.memberIds ?? record.memberIds,
    teamIds: body.teamIds ?? record.teamIds,
    apiKey: body.apiKey === undefined ? record.apiKey : body.apiKey || null,
    updatedAt: new Date(now).toISOString(),
  }
  session.store.llmProviders.set(updated.id, updated)
  return c.json({ llmProvider: toMockLlmProvider(updated) }, 200)
}
