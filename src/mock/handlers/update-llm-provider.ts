import { mergeLlmProvider, toMockLlmProvider } from '../factories.js'
import { MOCK_PROBLEMS } from '../problems.js'
import type { OperationHandler } from './operation-handler.js'

/** spec §4.1: merge the given fields into the stored provider. assumption: see docs/limits.md#assumptions */
export const updateLlmProvider: OperationHandler<'updateLlmProvider'> = ({
  params,
  body,
  session,
  now,
}) => {
  const { orgId, llmProviderId } = params
  if (!session.store.orgs.has(orgId)) {
    return { status: 404, problem: MOCK_PROBLEMS.organizationNotFound(orgId) }
  }
  const record = session.store.findLlmProvider(orgId, llmProviderId)
  if (!record) {
    return { status: 404, problem: MOCK_PROBLEMS.llmProviderNotFound(orgId, llmProviderId) }
  }
  const updated = mergeLlmProvider(record, body, now)
  session.store.llmProviders.set(updated.id, updated)
  // API keys are never answered (docs/security.md), nor where a text the client wrote repeats one
  // (its provider id, a model id, its config text): the stored key is learnt (again: made the
  // book's newest) before the answer is written, the journal learning a request's only after it.
  const { secrets } = session
  if (updated.apiKey !== null) secrets.learn([updated.apiKey])
  return { status: 200, body: { llmProvider: toMockLlmProvider(updated, secrets.mask) } }
}
