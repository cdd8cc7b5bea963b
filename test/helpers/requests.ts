import { typeid } from 'typeid-js'
import { operations } from '../../src/api/operations.js'
import { jsonSchemaOf } from '../../src/contract/json-schema.js'
import { validValue } from '../../src/contract/limits.js'
import type { MockApp } from '../../src/mock/app.js'
import { send } from './send.js'

export const makeId = (prefix: string) => typeid(prefix).toString()

export const operation = (id: (typeof operations)[number]['operationId']) => {
  const found = operations.find((o) => o.operationId === id)
  if (!found) throw new Error(`no operation ${id}`)
  return found
}

/** The smallest valid body of an operation, read from its schema. */
export const minimalBody = (id: (typeof operations)[number]['operationId']) =>
  validValue(jsonSchemaOf(operation(id).request.body.content['application/json'].schema), makeId)

/** Creates a worker through the API and returns its id. */
export const createdWorkerId = async (
  app: MockApp,
  body: object = { name: 'w', destination: 'local' },
) => {
  const res = await send(app, 'POST', '/v1/workers', body)
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`)
  const { worker } = res.body as { worker: { id: string } } // test helper: checked by the status above
  return worker.id
}

/** Creates a worker through the API and returns the tokens its answer handed out. */
export const createdTokens = async (app: MockApp) => {
  const res = await send(app, 'POST', '/v1/workers', { name: 'a', destination: 'local' })
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`)
  // test helper: checked by the status above
  return (res.body as { tokens: { owner: string; host: string; client: string } }).tokens
}

export const providerPath = (app: MockApp) =>
  `/v1/orgs/${app.ids.orgId}/llm-providers/${app.ids.llmProviderId}`
