import type { updateLlmProvider as route } from '../../api/operations.js'
import { answerJson, PROBLEMS, problemResponse } from '../../server/index.js'
import { mergeLlmProvider, toMockLlmProvider } from '../factories.js'
import type { OperationHandler } from './operation-handler.js'

/** spec §4.1: merge the given fields into the stored provider. assumption: see docs/limits.md#assumptions */
export const updateLlmProvider: OperationHandler<typeof route> = (c, { params, body }) => {
  const session = c.get('session')
  const { orgId, llmProviderId } = params
  if (!session.store.orgs.has(orgId)) {
    return problemResponse(c, 404, PROBLEMS.organizationNotFound(orgId))
  }
  const record = session.store.findLlmProvider(orgId, llmProviderId)
  if (!record) return problemResponse(c, 404, PROBLEMS.llmProviderNotFound(orgId, llmProviderId))
  const updated = mergeLlmProvider(record, body, c.get('now'))
  session.store.llmProviders.set(updated.id, updated)
  return answerJson(c, { llmProvider: toMockLlmProvider(updated) }, 200)
}
