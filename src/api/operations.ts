import { createRoute, z } from '@hono/zod-openapi'
import { LlmProviderId, OrgId, WorkerId } from '../schemas/ids.js'
import { LlmProviderEnvelope, UpdateLlmProviderBody } from '../schemas/llm-provider.js'
import {
  CreateWorkerBody,
  CreateWorkerResponse,
  UpdateWorkerBody,
  WorkerEnvelope,
} from '../schemas/worker.js'
import { json, jsonBody, problems } from './content.js'

/** spec §4.2 */
export const createWorker = createRoute({
  operationId: 'createWorker' as const,
  method: 'post',
  path: '/v1/workers',
  tags: ['workers'],
  summary: 'Create a worker',
  request: { body: jsonBody(CreateWorkerBody) },
  responses: {
    201: json(CreateWorkerResponse, 'Local worker created successfully.'),
    ...problems(400, 401, 413, 415, 429),
  },
})

/** spec §4.3 */
const UpdateWorkerParams = z.object({ id: WorkerId })
export const updateWorker = createRoute({
  operationId: 'updateWorker' as const,
  method: 'patch',
  path: '/v1/workers/{id}',
  tags: ['workers'],
  summary: 'Update a worker',
  request: { params: UpdateWorkerParams, body: jsonBody(UpdateWorkerBody) },
  responses: {
    200: json(WorkerEnvelope, 'Worker updated successfully.'),
    ...problems(400, 401, 404, 413, 415, 429),
  },
})

/** spec §4.1 */
const UpdateLlmProviderParams = z.object({ orgId: OrgId, llmProviderId: LlmProviderId })
export const updateLlmProvider = createRoute({
  operationId: 'updateLlmProvider' as const,
  method: 'patch',
  path: '/v1/orgs/{orgId}/llm-providers/{llmProviderId}',
  tags: ['llm-providers'],
  summary: 'Update an organization LLM provider',
  request: { params: UpdateLlmProviderParams, body: jsonBody(UpdateLlmProviderBody) },
  responses: {
    200: json(LlmProviderEnvelope, 'Organization LLM provider updated successfully.'),
    ...problems(400, 401, 404, 413, 415, 429),
  },
})

/** The three operations of the API, in the order of the spec's sections 4.2, 4.3, 4.1. */
export const operations = [createWorker, updateWorker, updateLlmProvider] as const
export type Operation = (typeof operations)[number]
export type OperationId = Operation['operationId']
