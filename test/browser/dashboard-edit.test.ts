// The dashboard shaping the mock, in Chromium against a started mock: the state's forms (add a
// worker with a status, rename, delete, the provider's fields with a write-only key), a rule
// added from an entry answering the next request, and confirmations (cancel keeps, confirm acts).
import { describe, expect, it } from 'vitest'
import { chromiumPath, useChromium } from '../helpers/browser.js'
import { shownEntries, useDashboardTabs, WAIT_MS } from '../helpers/dashboard-page.js'

const hasChromium = chromiumPath() !== undefined
if (!hasChromium && process.env['CI']) throw new Error('[worker-api-kit] CI must have chromium')

type State = {
  workers: { worker: { id: string; name: string; status: string } }[]
  llmProviders: { providerId: string | null; modelIds: string[]; apiKeyLastFour: string | null }[]
}

describe.skipIf(!hasChromium)(
  'dashboard: state, rules and confirmations',
  { timeout: 60_000 },
  () => {
    const chromium = useChromium()
    const tabs = useDashboardTabs(chromium.browser)
    const dashboard = async () => {
      const opened = await tabs.open()
      chromium.keep(opened)
      const state = async (session?: string) =>
        (await opened
          .send('GET', '/__mock/state', undefined, session ? { 'x-mock-session': session } : {})
          .then((r) => r.json())) as State
      return { ...opened, state }
    }

    it('adds a worker with a chosen status, renames it, and deletes it once confirmed', async () => {
      const { page, state, answers, dialogs } = await dashboard()
      await page.locator('#add-worker-name').fill('from-the-form')
      await page.locator('#add-worker-destination').selectOption('cloud')
      await page.locator('#add-worker-status').selectOption('stopped')
      await page.getByRole('button', { name: 'Add worker' }).click()
      const row = page.locator('.workers tbody tr', { hasText: 'from-the-form' })
      await row.waitFor({ timeout: WAIT_MS })
      expect.soft(await row.locator('.pill').innerText()).toBe('stopped')
      const added = (await state()).workers.find((w) => w.worker.name === 'from-the-form')
      expect(added?.worker.status).toBe('stopped')
      const id = added?.worker.id ?? ''

      await page.getByRole('button', { name: `Rename ${id}` }).click()
      await page.getByLabel(`New name of ${id}`).fill('renamed-in-place')
      await page.keyboard.press('Enter')
      await page
        .locator('.workers tbody tr', { hasText: 'renamed-in-place' })
        .waitFor({ timeout: WAIT_MS })
      expect
        .soft((await state()).workers.find((w) => w.worker.id === id)?.worker.name)
        .toBe('renamed-in-place')

      // Cancel keeps it; confirm deletes it.
      await page.getByRole('button', { name: `Delete ${id}` }).click()
      await expect.poll(() => dialogs.length, { timeout: WAIT_MS }).toBe(1)
      expect.soft((await state()).workers.some((w) => w.worker.id === id)).toBe(true)
      answers.next = 'accept'
      await page.getByRole('button', { name: `Delete ${id}` }).click()
      await page
        .locator(`.workers tr[data-worker="${id}"]`)
        .waitFor({ state: 'detached', timeout: WAIT_MS })
      expect.soft((await state()).workers.some((w) => w.worker.id === id)).toBe(false)
      expect.soft(dialogs[0]).toMatch(/^Delete the worker renamed-in-place/)
    })

    it("sets the provider's fields and a key that is sent once and shown only by its last four", async () => {
      const { page, state } = await dashboard()
      await page.locator('.provider-edit summary').click()
      await page.locator('#provider-id').fill('openai')
      await page.locator('#provider-models').fill('gpt-a, gpt-b')
      await page.locator('#provider-key').fill('sk-form-key-7777')
      await page.getByRole('button', { name: 'Save provider' }).click()
      await page.locator('.state dd', { hasText: '••••7777' }).waitFor({ timeout: WAIT_MS })
      const provider = (await state()).llmProviders[0]
      expect.soft(provider?.providerId).toBe('openai')
      expect.soft(provider?.modelIds).toEqual(['gpt-a', 'gpt-b'])
      expect.soft(provider?.apiKeyLastFour).toBe('7777')
      expect.soft(await page.locator('#provider-key').inputValue()).toBe('')
      const stored = await page.evaluate<string>(
        'JSON.stringify([{ ...localStorage }, { ...sessionStorage }])',
      )
      expect.soft(stored).not.toContain('sk-form-key-7777')
    })

    it('answers the next request of an operation with a rule added from an entry, then deletes it', async () => {
      const { page, send, answers } = await dashboard()
      const create = { name: 'ruled', destination: 'local' }
      expect((await send('POST', '/v1/workers', create)).status).toBe(201)
      const entry = shownEntries(page).first()
      await entry.locator('summary', { hasText: 'POST' }).click()
      await entry.locator('.answer-next-button').click()
      const form = entry.locator('form.rule-form')
      await form.locator('select[name="kind"]').selectOption('problem')
      await form.locator('input[name="status"]').fill('503')
      await form.locator('input[name="title"]').fill('Down for the demo')
      await form.getByRole('button', { name: 'Add rule' }).click()
      await form.locator('.message', { hasText: /Added rule_/ }).waitFor({ timeout: WAIT_MS })
      const listed = page.locator('.rules li.runtime')
      await listed.first().waitFor({ timeout: WAIT_MS })
      expect.soft(await listed.first().innerText()).toMatch(/rule_\S+\s+createWorker: problem 503/)

      const next = await send('POST', '/v1/workers', create)
      expect(next.status).toBe(503)
      expect.soft(next.text).toContain('Down for the demo')
      expect((await send('POST', '/v1/workers', create)).status).toBe(201) // times: 1
      await shownEntries(page).nth(2).waitFor({ timeout: WAIT_MS })
      const ruled = shownEntries(page).nth(1)
      await ruled.locator('summary').click()
      expect.soft(await ruled.locator('.shaped').innerText()).toMatch(/runtime rule_/)

      answers.next = 'accept'
      await listed.first().locator('.delete-rule').click()
      await listed.first().waitFor({ state: 'detached', timeout: WAIT_MS })
    })

    it('asks before resetting every session: cancel keeps the data, confirm resets it', async () => {
      const { page, send, state, answers, dialogs } = await dashboard()
      const headers = { 'x-mock-session': 'kept' }
      expect(
        (await send('POST', '/v1/workers', { name: 'keep-me', destination: 'local' }, headers))
          .status,
      ).toBe(201)
      await page.locator('.session-button[data-session="kept"]').click()
      await page.locator('#reset-all').click()
      await expect.poll(() => dialogs.length, { timeout: WAIT_MS }).toBe(1)
      expect.soft(dialogs[0]).toMatch(/^Reset every session\?/)
      expect((await state('kept')).workers.some((w) => w.worker.name === 'keep-me')).toBe(true)
      answers.next = 'accept'
      await page.locator('#reset-all').click()
      await expect
        .poll(async () => (await state('kept')).workers.some((w) => w.worker.name === 'keep-me'), {
          timeout: WAIT_MS,
        })
        .toBe(false)
    })

    it('drives the state and the journal from one session selection', async () => {
      const { page, send } = await dashboard()
      for (const session of ['left', 'right'])
        await send(
          'POST',
          '/v1/workers',
          { name: `in-${session}`, destination: 'local' },
          { 'x-mock-session': session },
        )
      await page.locator('.session-button[data-session="right"]').click()
      await page
        .locator('.state-panel h2', { hasText: 'State of right' })
        .waitFor({ timeout: WAIT_MS })
      await expect
        .poll(() => page.locator('#filter-session').inputValue(), { timeout: WAIT_MS })
        .toBe('right')
      await expect.poll(() => shownEntries(page).count(), { timeout: WAIT_MS }).toBe(1)
      await page.locator('#filter-session').selectOption('left')
      await page
        .locator('.state-panel h2', { hasText: 'State of left' })
        .waitFor({ timeout: WAIT_MS })
      expect
        .soft(await page.locator('.session-button[aria-pressed="true"]').innerText())
        .toContain('left')
      expect.soft(await shownEntries(page).first().locator('.session').innerText()).toBe('left')
      // "only violations" means nothing to a mock: it is not offered.
      expect.soft(await page.getByLabel('only violations').isVisible()).toBe(false)
    })
  },
)
