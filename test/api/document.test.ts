import { readFileSync } from 'node:fs'
import type { z } from '@hono/zod-openapi'
import { Validator } from '@seriousme/openapi-schema-validator'
import { TypeID } from 'typeid-js'
import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument } from '../../src/api/document.js'
import { operationEntry } from '../../src/api/operation-table.js'
import { operations } from '../../src/api/operations.js'
import { renderOpenApiDocument } from '../../src/cli/commands/openapi.js'
import { successOf } from '../../src/contract/success-schema.js'
import { buildFixtureExamples } from '../../src/mock/fixture-examples.js'
import { buildFixtures } from '../../src/mock/fixtures.js'
import { MockLlmProvider } from '../../src/schemas/llm-provider.js'
import { BEARER_CHALLENGE } from '../../src/schemas/response-headers.js'
import { SPEC_LIMITS, SPEC_REQUIRED, SPEC_RESPONSE_KEYS } from '../spec-facts.js'

const COMMITTED = new URL('../../openapi/openapi.json', import.meta.url)

type Node = Record<string, unknown>
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null

const doc: Node = JSON.parse(readFileSync(COMMITTED, 'utf8'))

/** Follows a local `$ref` (`#/components/schemas/X`) until a schema without one. */
const deref = (node: unknown): Node => {
  let current = node
  for (let hops = 0; hops < 10 && isNode(current) && typeof current['$ref'] === 'string'; hops++) {
    current = current['$ref']
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (isNode(at) ? at[key] : undefined), doc)
  }
  if (!isNode(current)) throw new Error('unresolvable schema')
  return current
}

const operationNode = (operationId: string): Node => {
  for (const item of Object.values(doc['paths'] as Node)) {
    for (const op of Object.values(item as Node)) {
      if (isNode(op) && op['operationId'] === operationId) return op
    }
  }
  throw new Error(`no operation ${operationId} in the document`)
}

/** The schema at `params/id` or `body/modelIds/items` inside an operation of the document. */
const schemaAt = (operationId: string, where: string): Node => {
  const op = operationNode(operationId)
  const [part, ...rest] = where.split('/')
  let schema: Node
  if (part === 'params') {
    const name = rest.shift()
    const param = (op['parameters'] as Node[]).find((p) => p['name'] === name)
    schema = deref(param?.['schema'])
  } else {
    const content = (op['requestBody'] as Node)['content'] as Node
    schema = deref((content['application/json'] as Node)['schema'])
  }
  for (const key of rest) {
    schema = key === 'items' ? deref(schema['items']) : deref((schema['properties'] as Node)[key])
  }
  return schema
}

describe('OpenAPI document', () => {
  it('is committed exactly as generated from the schemas', async () => {
    expect(readFileSync(COMMITTED, 'utf8')).toBe(await renderOpenApiDocument())
  })

  it('is a valid OpenAPI 3.1 document for an independent validator', async () => {
    const result = await new Validator().validate(
      JSON.parse(JSON.stringify(buildOpenApiDocument())),
    )
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('declares the three operations of the API and nothing else', () => {
    const declared = Object.entries(doc['paths'] as Node).flatMap(([path, item]) =>
      Object.keys(item as Node).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(declared.sort()).toEqual(
      [
        'PATCH /v1/orgs/{orgId}/llm-providers/{llmProviderId}',
        'PATCH /v1/workers/{id}',
        'POST /v1/workers',
      ].sort(),
    )
  })

  it.each(SPEC_LIMITS.map(([op, where, keyword, value]) => ({ op, where, keyword, value })))(
    'carries $keyword $value at $op $where',
    ({ op, where, keyword, value }) => {
      expect(schemaAt(op, where)[keyword]).toEqual(value)
    },
  )

  it.each(Object.entries(SPEC_REQUIRED))('requires %s body fields %j', (op, fields) => {
    const body = schemaAt(op, 'body')
    expect([...(body['required'] as string[])].sort()).toEqual([...fields].sort())
    expect((operationNode(op)['requestBody'] as Node)['required']).toBe(true)
  })

  it.each(Object.entries(SPEC_RESPONSE_KEYS))('requires the keys of %s', (name, keys) => {
    const schema = deref({ $ref: `#/components/schemas/${name}` })
    expect([...(schema['required'] as string[])].sort()).toEqual([...keys].sort())
  })

  it('types pollAfterMs as an integer and the date-times as date-time', () => {
    const launch = deref({ $ref: '#/components/schemas/Launch' })
    expect((launch['properties'] as Node)['pollAfterMs']).toEqual({ type: 'integer' })
    const worker = deref({ $ref: '#/components/schemas/Worker' })
    for (const key of ['lastHeartbeatAt', 'lastActiveAt', 'createdAt', 'updatedAt']) {
      expect((worker['properties'] as Node)[key]).toMatchObject({
        type: 'string',
        format: 'date-time',
      })
    }
  })

  it.each(operations.map((o) => [o.operationId, o]))(
    '%s documents its success and every error the mock gives',
    (operationId, operation) => {
      const responses = operationNode(operationId)['responses'] as Node
      const expected =
        operation.method === 'post'
          ? ['201', '400', '401', '413', '415', '429']
          : ['200', '400', '401', '404', '413', '415', '429']
      expect(Object.keys(responses).sort()).toEqual(expected.sort())
      for (const [status, response] of Object.entries(responses)) {
        const type = status.startsWith('2') ? 'application/json' : 'application/problem+json'
        expect(Object.keys((response as Node)['content'] as Node)).toEqual([type])
      }
    },
  )
})

describe('OpenAPI document, what typed clients and tools read', () => {
  it.each(operations.map((o) => [o.operationId]))(
    '%s declares Retry-After on its 429 and WWW-Authenticate on its 401',
    (operationId) => {
      const responses = operationNode(operationId)['responses'] as Record<string, Node>
      const headers = (status: string) => (responses[status]?.['headers'] ?? {}) as Node
      expect.soft(deref((headers('429')['retry-after'] as Node)['schema'])).toMatchObject({
        type: 'integer',
        minimum: 0,
      })
      expect.soft(deref((headers('401')['www-authenticate'] as Node)['schema'])).toMatchObject({
        type: 'string',
        example: BEARER_CHALLENGE,
      })
      for (const status of Object.keys(responses).filter((s) => s !== '401' && s !== '429')) {
        expect.soft(responses[status]?.['headers'], status).toBeUndefined()
      }
    },
  )

  it('publishes MockLlmProvider, named by the spec-level LlmProvider that stays any JSON object', () => {
    const mock = deref({ $ref: '#/components/schemas/MockLlmProvider' })
    expect
      .soft(Object.keys(mock['properties'] as Node).sort())
      .toEqual(Object.keys(MockLlmProvider.shape).sort())
    expect.soft(mock['description']).toMatch(/mock/)
    const spec = deref({ $ref: '#/components/schemas/LlmProvider' })
    expect.soft(spec).toMatchObject({ type: 'object', properties: {} })
    expect.soft(spec['required']).toBeUndefined()
    expect.soft(spec['description']).toContain('#/components/schemas/MockLlmProvider')
    // The contract judges the spec-level schema: a provider of any other shape stays valid.
    expect
      .soft(successOf('updateLlmProvider').schema.safeParse({ llmProvider: {} }).success)
      .toBe(true)
  })

  it.each(
    operations.flatMap((operation) =>
      Object.entries('params' in operation.request ? operation.request.params.shape : {}).map(
        ([name, schema]) => ({ operationId: operation.operationId, name, schema }),
      ),
    ),
  )(
    'gives $operationId path parameter $name an example its id schema accepts',
    ({ operationId, name, schema }) => {
      const parameters = operationNode(operationId)['parameters'] as Node[]
      const example = parameters.find((p) => p['name'] === name)?.['example']
      expect(schema.safeParse(example).error).toBeUndefined()
      const prefix = String(example).slice(0, String(example).lastIndexOf('_'))
      expect(TypeID.fromString(String(example), prefix).toString()).toBe(example)
    },
  )

  it.each(
    operations.flatMap((operation) => {
      const content = (operationNode(operation.operationId)['requestBody'] as Node)['content']
      const examples = ((content as Node)['application/json'] as Node)['examples'] ?? {}
      return Object.entries(examples as Node).map(([name, example]) => ({
        operationId: operation.operationId,
        name,
        value: (example as Node)['value'],
        schema: operation.request.body.content['application/json'].schema,
      }))
    }),
  )(
    'gives $operationId a request example $name that its body schema accepts',
    ({ value, schema }) => {
      expect(schema.safeParse(value).error).toBeUndefined()
    },
  )

  it('takes the parameter examples from the fixtures: a running worker and the seeded provider', () => {
    const fixtures = buildFixtures()
    const example = (operationId: string, name: string) =>
      (operationNode(operationId)['parameters'] as Node[]).find((p) => p['name'] === name)?.[
        'example'
      ]
    const { llmProvider } = fixtures.llmProviderCustom
    expect.soft(example('updateWorker', 'id')).toBe(fixtures.workers.running.worker.id)
    expect.soft(example('updateLlmProvider', 'orgId')).toBe(llmProvider.orgId)
    expect.soft(example('updateLlmProvider', 'llmProviderId')).toBe(llmProvider.id)
  })
})

/** Every example of the committed document: operation, status, media type, name and value. */
const documentedExamples = operations.flatMap((operation) => {
  const responses = operationNode(operation.operationId)['responses'] as Node
  return Object.entries(responses).flatMap(([status, response]) =>
    Object.entries(((response as Node)['content'] ?? {}) as Node).flatMap(([type, media]) =>
      Object.entries(((media as Node)['examples'] ?? {}) as Node).map(([name, example]) => ({
        operation,
        status,
        type,
        name,
        value: (example as Node)['value'],
      })),
    ),
  )
})

describe('OpenAPI document examples', () => {
  it('carries the fixtures as examples of the responses that answer them', () => {
    const fixtures = buildFixtures()
    const created = (operationNode('createWorker')['responses'] as Node)['201'] as Node
    const media = (created['content'] as Node)['application/json'] as Node
    expect.soft(media['examples']).toEqual({
      local: { summary: expect.any(String), value: fixtures.createWorkerLocal },
      cloud: { summary: expect.any(String), value: fixtures.createWorkerCloud },
    })
    const named = documentedExamples.map((e) => `${e.operation.operationId} ${e.status} ${e.name}`)
    expect.soft(named).toContain('createWorker 400 validation')
    expect.soft(named).toContain('updateWorker 200 running')
    expect.soft(named).toContain('updateWorker 404 not-found')
    expect.soft(named).toContain('updateLlmProvider 200 custom')
    expect
      .soft(documentedExamples)
      .toHaveLength(
        Object.values(buildFixtureExamples(fixtures)).flatMap((byStatus) =>
          Object.values(byStatus).flatMap((byName) => Object.keys(byName ?? {})),
        ).length,
      )
  })

  it.each(documentedExamples.map((e) => [`${e.operation.operationId} ${e.status} ${e.name}`, e]))(
    '%s parses with the response schema it documents',
    (_, { operation, status, type, value }) => {
      const responses = operation.responses as Record<string, Node> // test: read by status
      const content = responses[status]?.['content'] as Record<string, { schema: z.ZodType }>
      const schema = content[type]?.schema
      expect(schema).toBeDefined()
      expect(schema?.safeParse(value).error).toBeUndefined()
      // A problem example names the path of the operation it documents.
      const instance = isNode(value) ? value['instance'] : undefined
      if (typeof instance === 'string') {
        expect(instance).toMatch(operationEntry(operation.operationId).pattern)
      }
    },
  )

  it('stays a valid OpenAPI 3.1 document with its examples', async () => {
    const result = await new Validator().validate(structuredClone(doc))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })
})
