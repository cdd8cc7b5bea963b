import { toMockLlmProvider } from './factories.js'
import type { ScenarioStateInput } from './scenario.js'
import type { Session } from './session.js'

/**
 * A session's organization and LLM provider as a scenario's `state` seeds them: the key never,
 * only whether one is stored (`hasApiKey`) and the last four characters it shows.
 */
export const providerSeedOf = (
  session: Session,
): Pick<ScenarioStateInput, 'organization' | 'llmProvider'> => {
  const { store } = session
  const org = store.orgs.get(session.orgId)
  const record = store.llmProviders.get(session.llmProviderId)
  const shown = record && toMockLlmProvider(record)
  return {
    organization: { id: session.orgId, ...(org ? { name: org.name } : {}) },
    llmProvider: {
      id: session.llmProviderId,
      ...(shown && {
        source: shown.source,
        ...(shown.providerId === null ? {} : { providerId: shown.providerId }),
        modelIds: shown.modelIds,
        ...(shown.customConfigText === null ? {} : { customConfigText: shown.customConfigText }),
        memberIds: shown.memberIds,
        teamIds: shown.teamIds,
        hasApiKey: shown.hasApiKey,
        // A key that shows no characters says so (null): loaded, it shows none either.
        ...(shown.hasApiKey ? { apiKeyLastFour: shown.apiKeyLastFour } : {}),
      }),
    },
  }
}
