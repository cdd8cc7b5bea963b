import type { RequestExamples, ResponseExamples } from '../api/document.js'
import { MockWorkerStatus } from '../schemas/worker.js'
import type { Fixtures } from './fixture-files.js'
import { buildFixtures, FIXTURE_INPUTS } from './fixtures.js'

/**
 * The fixtures as examples of the OpenAPI document, each on the operation and status that
 * answers it: `buildOpenApiDocument(baseUrl, { examples: buildFixtureExamples() })`.
 * Problems appear where they were made (their `instance` is that operation's path).
 */
export const buildFixtureExamples = (fixtures: Fixtures = buildFixtures()): ResponseExamples => {
  const { problems, workers } = fixtures
  return {
    createWorker: {
      201: {
        local: { summary: 'A local worker, just created', value: fixtures.createWorkerLocal },
        cloud: { summary: 'A cloud worker, just created', value: fixtures.createWorkerCloud },
      },
      400: {
        validation: { summary: 'Fields breaking the constraints', value: problems.validation },
        'malformed-json': { summary: 'A body that is not JSON', value: problems['malformed-json'] },
      },
      413: {
        'payload-too-large': {
          summary: 'A body over the limit',
          value: problems['payload-too-large'],
        },
      },
      415: {
        'unsupported-media-type': {
          summary: 'A body that is not declared as JSON',
          value: problems['unsupported-media-type'],
        },
      },
      401: {
        unauthorized: { summary: 'No bearer token (auth mode)', value: problems.unauthorized },
      },
      429: {
        'rate-limited': {
          summary: 'Past a scenario rate limit',
          value: problems['rate-limited'],
        },
      },
    },
    updateWorker: {
      200: Object.fromEntries(
        MockWorkerStatus.options.map((status) => [
          status,
          {
            summary: `A ${workers[status].worker.destination} worker, ${status}`,
            value: workers[status],
          },
        ]),
      ),
      404: { 'not-found': { summary: 'An unknown worker', value: problems['not-found'] } },
    },
    updateLlmProvider: {
      200: {
        'models-dev': {
          summary: 'A provider from models.dev, no API key',
          value: fixtures.llmProviderModelsDev,
        },
        custom: {
          summary: 'A custom provider with members, teams and a (masked) API key',
          value: fixtures.llmProviderCustom,
        },
      },
    },
  }
}

/**
 * The requests behind the fixtures as examples of the request bodies, and the fixtures' ids as
 * examples of the path parameters: the worker of the `running` example, and the organization and
 * LLM provider the mock seeds with its default seed (a freshly started mock has them).
 */
export const buildFixtureRequestExamples = (
  fixtures: Fixtures = buildFixtures(),
): RequestExamples => {
  const { llmProvider } = fixtures.llmProviderCustom
  return {
    createWorker: {
      body: {
        local: { summary: 'A local worker', value: FIXTURE_INPUTS.createWorkerLocal },
        cloud: { summary: 'A cloud worker', value: FIXTURE_INPUTS.createWorkerCloud },
      },
    },
    updateWorker: { params: { id: fixtures.workers.running.worker.id } },
    updateLlmProvider: {
      params: { orgId: llmProvider.orgId, llmProviderId: llmProvider.id },
      body: {
        'models-dev': {
          summary: 'A provider from models.dev',
          value: FIXTURE_INPUTS.llmProviderModelsDev,
        },
        custom: {
          summary: 'A custom provider with members, teams and a placeholder API key',
          value: {
            ...FIXTURE_INPUTS.llmProviderCustom,
            memberIds: llmProvider.memberIds,
            teamIds: llmProvider.teamIds,
          },
        },
      },
    },
  }
}
