import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { LlmProviderEnvelope, MockLlmProviderEnvelope } from '../../src/schemas/llm-provider.js'
import { makeId, providerPath } from '../helpers/requests.js'
import { pointersOf, send, steppingClock, unknownId } from '../helpers/send.js'

const PLANTED_KEY = 'sk-PLANTED-llm-key-0123456789-wxyz'

describe('updateLlmProvider', () => {
  it('updates the seeded provider and answers with a parsed llmProvider', async () => {
    const app = createMockApp({ clock: steppingClock() })
    const res = await send(app, 'PATCH', providerPath(app), {
      source: 'custom',
      providerId: 'acme',
      modelIds: ['acme-large', 'acme-small'],
      customConfigText: 'baseURL: https://llm.acme.test',
    })
    expect(res.status).toBe(200)
    expect(LlmProviderEnvelope.safeParse(res.body).error).toBeUndefined()
    const { llmProvider } = MockLlmProviderEnvelope.parse(res.body)
    expect(llmProvider).toMatchObject({
      id: app.ids.llmProviderId,
      orgId: app.ids.orgId,
      source: 'custom',
      providerId: 'acme',
      modelIds: ['acme-large', 'acme-small'],
      customConfigText: 'baseURL: https://llm.acme.test',
    })
  })

  it('keeps the fields a later update omits (merge)', async () => {
    const app = createMockApp()
    const memberIds = [makeId('om'), makeId('om')]
    const teamIds = [makeId('tem')]
    await send(app, 'PATCH', providerPath(app), {
      source: 'custom',
      providerId: 'acme',
      memberIds,
      teamIds,
    })
    const res = await send(app, 'PATCH', providerPath(app), { source: 'models_dev' })
    const { llmProvider } = MockLlmProviderEnvelope.parse(res.body)
    expect(llmProvider).toMatchObject({
      source: 'models_dev',
      providerId: 'acme',
      memberIds,
      teamIds,
    })
  })

  it('bumps updatedAt and keeps createdAt', async () => {
    const app = createMockApp({ clock: steppingClock() })
    const first = MockLlmProviderEnvelope.parse(
      (await send(app, 'PATCH', providerPath(app), { source: 'custom' })).body,
    )
    const second = MockLlmProviderEnvelope.parse(
      (await send(app, 'PATCH', providerPath(app), { source: 'custom' })).body,
    )
    expect
      .soft(Date.parse(second.llmProvider.updatedAt))
      .toBeGreaterThan(Date.parse(first.llmProvider.updatedAt))
    expect.soft(second.llmProvider.createdAt).toBe(first.llmProvider.createdAt)
  })

  it('stores the API key but never returns it, only a mask', async () => {
    const app = createMockApp()
    const res = await send(app, 'PATCH', providerPath(app), {
      source: 'custom',
      apiKey: PLANTED_KEY,
    })
    expect(res.text).not.toContain(PLANTED_KEY)
    expect(res.text).not.toContain('apiKey"')
    const { llmProvider } = MockLlmProviderEnvelope.parse(res.body)
    expect.soft(llmProvider.hasApiKey).toBe(true)
    expect.soft(llmProvider.apiKeyLastFour).toBe(PLANTED_KEY.slice(-4))
    const later = await send(app, 'PATCH', providerPath(app), { source: 'custom' })
    expect.soft(later.text).not.toContain(PLANTED_KEY)
    expect.soft(MockLlmProviderEnvelope.parse(later.body).llmProvider.hasApiKey).toBe(true)
  })

  it('shows no characters of a short key', async () => {
    const app = createMockApp()
    const res = await send(app, 'PATCH', providerPath(app), {
      source: 'custom',
      apiKey: 'short-key',
    })
    const { llmProvider } = MockLlmProviderEnvelope.parse(res.body)
    expect.soft(llmProvider.hasApiKey).toBe(true)
    expect.soft(llmProvider.apiKeyLastFour).toBeNull()
    expect.soft(res.text).not.toContain('-key')
  })

  it('removes the key when given an empty apiKey', async () => {
    const app = createMockApp()
    await send(app, 'PATCH', providerPath(app), { source: 'custom', apiKey: PLANTED_KEY })
    const res = await send(app, 'PATCH', providerPath(app), { source: 'custom', apiKey: '' })
    const { llmProvider } = MockLlmProviderEnvelope.parse(res.body)
    expect.soft(llmProvider.hasApiKey).toBe(false)
    expect.soft(llmProvider.apiKeyLastFour).toBeNull()
  })

  it('does not echo an API key inside a validation error', async () => {
    const app = createMockApp()
    const res = await send(app, 'PATCH', providerPath(app), { source: 'nope', apiKey: PLANTED_KEY })
    expect(res.status).toBe(400)
    expect(res.text).not.toContain(PLANTED_KEY)
  })

  it.each([
    ['an unknown organization', 'orgId', () => ({ orgId: unknownId('org') })],
    ['an unknown provider', 'llmProviderId', () => ({ llmProviderId: unknownId('lpr') })],
  ])('answers 404 for %s with a pointer to it', async (_, param, override) => {
    const app = createMockApp()
    const ids = { ...app.ids, ...override() }
    const res = await send(
      app,
      'PATCH',
      `/v1/orgs/${ids.orgId}/llm-providers/${ids.llmProviderId}`,
      { source: 'custom' },
    )
    expect.soft(res.status).toBe(404)
    expect.soft(res.contentType).toBe('application/problem+json')
    expect.soft(pointersOf(res.body)).toEqual([`/params/${param}`])
  })

  it('does not find a provider under another organization', async () => {
    const app = createMockApp()
    const other = createMockApp({ seed: 2 })
    const res = await send(
      app,
      'PATCH',
      `/v1/orgs/${app.ids.orgId}/llm-providers/${other.ids.llmProviderId}`,
      { source: 'custom' },
    )
    expect(res.status).toBe(404)
  })

  it.each([
    ['a source outside the enum', { source: 'openai' }, ['/body/source']],
    ['a missing source', { providerId: 'x' }, ['/body/source']],
    [
      'a member id with the team prefix',
      { source: 'custom', memberIds: [`tem_${'0'.repeat(25)}`] },
      ['/body/memberIds/0'],
    ],
    [
      'a team id with the member prefix',
      { source: 'custom', teamIds: [`om__${'0'.repeat(26)}`] },
      ['/body/teamIds/0'],
    ],
    [
      'model ids that are not strings',
      { source: 'custom', modelIds: [1, 'ok', null] },
      ['/body/modelIds/0', '/body/modelIds/2'],
    ],
    ['model ids that are not an array', { source: 'custom', modelIds: 'gpt' }, ['/body/modelIds']],
    ['an apiKey that is a number', { source: 'custom', apiKey: 123 }, ['/body/apiKey']],
  ])('rejects %s', async (_, body, pointers) => {
    const app = createMockApp()
    const res = await send(app, 'PATCH', providerPath(app), body)
    expect.soft(res.status).toBe(400)
    expect.soft(pointersOf(res.body)).toEqual(pointers)
  })

  it('keeps the stored provider unchanged after a rejected update', async () => {
    const app = createMockApp()
    const before = await send(app, 'PATCH', providerPath(app), {
      source: 'custom',
      providerId: 'kept',
    })
    await send(app, 'PATCH', providerPath(app), { source: 'custom', providerId: '' })
    const after = await send(app, 'PATCH', providerPath(app), { source: 'custom' })
    expect(MockLlmProviderEnvelope.parse(after.body).llmProvider.providerId).toBe(
      MockLlmProviderEnvelope.parse(before.body).llmProvider.providerId,
    )
  })
})
