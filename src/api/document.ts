import { OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi'
import { MockLlmProvider } from '../schemas/llm-provider.js'
import {
  type createWorker,
  type Operation,
  operations,
  type updateLlmProvider,
  type updateWorker,
} from './operations.js'
import { PreferHeader } from './prefer.js'
import { withMetadata } from './with-metadata.js'

type OpenApiDocument = ReturnType<OpenAPIHono['getOpenAPI31Document']>

/** An OpenAPI Example Object: a payload, and a line saying what it shows (request or response). */
type ResponseExample = { summary?: string; value: unknown }

type ExamplesOf<Route extends { responses: object }> = {
  readonly [Status in keyof Route['responses']]?: Readonly<Record<string, ResponseExample>>
}

/**
 * Named examples by operationId and declared response status, e.g.
 * `{ createWorker: { 201: { local: { value } } } }`; a status the operation does not declare
 * does not compile. Every media type of that response carries them.
 */
export type ResponseExamples = {
  readonly createWorker?: ExamplesOf<typeof createWorker>
  readonly updateWorker?: ExamplesOf<typeof updateWorker>
  readonly updateLlmProvider?: ExamplesOf<typeof updateLlmProvider>
}

type RequestOf<Route extends { request: object }> = Route['request']

/** Named examples of a request body, each typed as the body the operation accepts. */
type BodyExamplesOf<Route extends { request: object }> =
  RequestOf<Route> extends {
    body: { content: { 'application/json': { schema: infer Schema extends z.ZodType } } }
  }
    ? Readonly<Record<string, { summary?: string; value: z.input<Schema> }>>
    : never

/** An example of each path parameter, by name. */
type ParamExamplesOf<Route extends { request: object }> =
  RequestOf<Route> extends {
    params: infer Params extends z.ZodObject
  }
    ? { readonly [Name in keyof z.input<Params>]?: string }
    : never

/**
 * Examples of the requests by operationId: named `body` examples (what "Try it out" offers) and
 * one example per path parameter (`params`: tools such as Dredd need one to build a request),
 * e.g. `{ updateWorker: { params: { id: 'wrk_…' } } }`. A body of the wrong type or a parameter
 * the operation does not have does not compile.
 */
export type RequestExamples = {
  readonly createWorker?: { readonly body?: BodyExamplesOf<typeof createWorker> }
  readonly updateWorker?: {
    readonly params?: ParamExamplesOf<typeof updateWorker>
    readonly body?: BodyExamplesOf<typeof updateWorker>
  }
  readonly updateLlmProvider?: {
    readonly params?: ParamExamplesOf<typeof updateLlmProvider>
    readonly body?: BodyExamplesOf<typeof updateLlmProvider>
  }
}

export type OpenApiDocumentOptions = {
  examples?: ResponseExamples
  requestExamples?: RequestExamples
}

/** The operation's request with its examples: on each path parameter, and in the JSON body. */
const requestWithExamples = (
  operation: Operation,
  examples: RequestExamples,
): NonNullable<RouteConfig['request']> => {
  const mine: {
    params?: Record<string, string | undefined>
    body?: Readonly<Record<string, ResponseExample>>
  } = new Map(Object.entries(examples)).get(operation.operationId) ?? {}
  // Every operation takes the mock's per-request override (docs/http-api.md#one-answer-on-request-prefer-code), declared here once.
  const request: NonNullable<RouteConfig['request']> = {
    ...operation.request,
    headers: z.object({ Prefer: PreferHeader }),
  }
  const params = 'params' in operation.request ? operation.request.params : undefined
  const named = new Map(Object.entries(mine.params ?? {}))
  if (params !== undefined && named.size > 0) {
    const shape: Record<string, z.ZodType> = {}
    for (const [name, schema] of Object.entries(params.shape)) {
      const example = named.get(name)
      // `name` and `in` as zod-openapi would add them, before `example`: the document's key order.
      shape[name] =
        example === undefined
          ? schema
          : withMetadata(schema, { param: { name, in: 'path', example } })
    }
    request.params = z.object(shape)
  }
  const { body } = operation.request
  if (mine.body !== undefined) {
    const json = body.content['application/json']
    const named = { ...mine.body }
    request.body = { ...body, content: { 'application/json': { ...json, examples: named } } }
  }
  return request
}

/** The operation with its examples in the content of each response that has some. */
const withExamples = (operation: Operation, examples: ResponseExamples): RouteConfig => {
  const byStatus = new Map<string, Readonly<Record<string, ResponseExample>>>(
    Object.entries(new Map(Object.entries(examples)).get(operation.operationId) ?? {}),
  )
  const declared: RouteConfig['responses'] = operation.responses
  const responses: RouteConfig['responses'] = {}
  for (const [status, response] of Object.entries(declared)) {
    const named = byStatus.get(status)
    const content = 'content' in response ? response.content : undefined
    if (named === undefined || content === undefined) {
      responses[status] = response
      continue
    }
    const withNamed: typeof content = {}
    for (const [type, media] of Object.entries(content)) {
      withNamed[type] = { ...media, examples: { ...named } }
    }
    responses[status] = { ...response, content: withNamed }
  }
  return { ...operation, responses }
}

/** Where the document says the API lives; a server variable so any deployment can be named. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:4010'

/** The document's `servers`: a variable, so any deployment can be named; `baseUrl` is its default. */
export const serversFor = (baseUrl: string) => [
  {
    url: '{baseUrl}',
    description: 'Any deployment of the API, or the worker-api-kit mock',
    variables: { baseUrl: { default: baseUrl } },
  },
]

/**
 * The OpenAPI 3.1 document of the three operations, built from their `createRoute` declarations,
 * with `examples` in their responses and `requestExamples` in their requests (values
 * given by the caller: this module knows no mock). `MockLlmProvider` is published beside the
 * spec's schemas: the shape the mock answers where the API promises only a JSON object.
 */
export const buildOpenApiDocument = (
  baseUrl: string = DEFAULT_BASE_URL,
  { examples = {}, requestExamples = {} }: OpenApiDocumentOptions = {},
): OpenApiDocument => {
  const registry = new OpenAPIHono()
  for (const operation of operations) {
    registry.openAPIRegistry.registerPath({
      ...withExamples(operation, examples),
      request: requestWithExamples(operation, requestExamples),
    })
  }
  // `register` names the schema with zod-openapi's `.openapi()`: a copy made now has the method.
  registry.openAPIRegistry.register('MockLlmProvider', withMetadata(MockLlmProvider, {}))
  return registry.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Worker and Organization LLM Provider API',
      version: '1',
      description:
        "Create a worker, update a worker, update an organization LLM provider. Generated by worker-api-kit from its Zod schemas. Error responses (application/problem+json) are the mock's convention: the API itself does not specify its errors.",
    },
    servers: serversFor(baseUrl),
    tags: [
      { name: 'workers', description: 'Workers' },
      { name: 'llm-providers', description: 'Organization LLM providers' },
    ],
  })
}
