/**
 * The API's field limits restated in our own table, as an independent oracle for the document
 * test: the schemas are the source of truth for the code, this table checks that they say what
 * the API's specification says (sections 2.1, 4 and 8). Keep it in sync with the spec, not with
 * the schemas.
 */
export const SPEC_LIMITS = [
  // [operationId, where, JSON Schema keyword, value]
  ['createWorker', 'body/name', 'minLength', 1],
  ['updateWorker', 'body/name', 'minLength', 1],
  ['updateWorker', 'body/name', 'maxLength', 255],
  ['updateWorker', 'params/id', 'minLength', 30],
  ['updateWorker', 'params/id', 'maxLength', 30],
  ['updateWorker', 'params/id', 'pattern', '^wrk_.*'],
  ['updateLlmProvider', 'params/orgId', 'minLength', 30],
  ['updateLlmProvider', 'params/orgId', 'maxLength', 30],
  ['updateLlmProvider', 'params/orgId', 'pattern', '^org_.*'],
  ['updateLlmProvider', 'params/llmProviderId', 'minLength', 30],
  ['updateLlmProvider', 'params/llmProviderId', 'maxLength', 30],
  ['updateLlmProvider', 'params/llmProviderId', 'pattern', '^lpr_.*'],
  ['updateLlmProvider', 'body/providerId', 'minLength', 1],
  ['updateLlmProvider', 'body/providerId', 'maxLength', 255],
  ['updateLlmProvider', 'body/modelIds', 'minItems', 1],
  ['updateLlmProvider', 'body/modelIds/items', 'minLength', 1],
  ['updateLlmProvider', 'body/modelIds/items', 'maxLength', 255],
  ['updateLlmProvider', 'body/customConfigText', 'minLength', 1],
  ['updateLlmProvider', 'body/apiKey', 'maxLength', 65535],
  ['updateLlmProvider', 'body/memberIds', 'maxItems', 500],
  ['updateLlmProvider', 'body/memberIds/items', 'minLength', 29],
  ['updateLlmProvider', 'body/memberIds/items', 'maxLength', 29],
  ['updateLlmProvider', 'body/memberIds/items', 'pattern', '^om_.*'],
  ['updateLlmProvider', 'body/teamIds', 'maxItems', 500],
  ['updateLlmProvider', 'body/teamIds/items', 'minLength', 30],
  ['updateLlmProvider', 'body/teamIds/items', 'maxLength', 30],
  ['updateLlmProvider', 'body/teamIds/items', 'pattern', '^tem_.*'],
  ['updateLlmProvider', 'body/source', 'enum', ['models_dev', 'custom']],
  ['createWorker', 'body/destination', 'enum', ['local', 'cloud']],
] as const

/** Required request fields (spec §4). */
export const SPEC_REQUIRED = {
  createWorker: ['name', 'destination'],
  updateWorker: ['name'],
  updateLlmProvider: ['source'],
} as const

/** Required keys of each success body (spec §4) and of the create-response objects (§2.2–2.5). */
export const SPEC_RESPONSE_KEYS = {
  CreateWorkerResponse: ['worker', 'tokens', 'instance', 'launch'],
  WorkerEnvelope: ['worker'],
  LlmProviderEnvelope: ['llmProvider'],
  Tokens: ['owner', 'host', 'client'],
  Instance: ['provider', 'region', 'url', 'status', 'createdAt', 'updatedAt'],
  Launch: ['mode', 'pollAfterMs'],
  Worker: [
    'id',
    'orgId',
    'createdByUserId',
    'isMine',
    'name',
    'description',
    'destination',
    'status',
    'imageVersion',
    'workspacePath',
    'sandboxBackend',
    'lastHeartbeatAt',
    'lastActiveAt',
    'createdAt',
    'updatedAt',
  ],
} as const
