// The dashboard's "Answer the next requests…" form shaping the transport, in Chromium against a
// started mock: a rule made from an entry delays the next matching request, or drops its
// connection, as a scenario file's `latency` and `fault: reset` do. Its files come from the build
// (dist/dashboard).
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromiumPath, useChromium } from '../helpers/browser.js'
import { shownEntries, useDashboardTabs, WAIT_MS } from '../helpers/dashboard-page.js'

const hasChromium = chromiumPath() !== undefined
if (!hasChromium && process.env['CI']) throw new Error('[worker-api-kit] CI must have chromium')

const CREATE = { name: 'shaped', destination: 'local' }
const DELAY_MS = 700

/** Opens the rule form on the newest entry, fills it with `fields` and adds the rule. */
const addRule = async (page: Page, fields: { kind: string; latency?: number }) => {
  const entry = shownEntries(page).first()
  await entry.locator('summary', { hasText: 'POST' }).click()
  await entry.locator('.answer-next-button').click()
  const form = entry.locator('form.rule-form')
  await form.locator('select[name="kind"]').selectOption(fields.kind)
  if (fields.latency !== undefined)
    await form.locator('input[name="latency"]').fill(String(fields.latency))
  await form.getByRole('button', { name: 'Add rule' }).click()
  await form.locator('.message', { hasText: /Added rule_/ }).waitFor({ timeout: WAIT_MS })
  const listed = page.locator('.rules li.runtime').first()
  await listed.waitFor({ timeout: WAIT_MS })
  return listed.innerText()
}

/** The code of the error a fetch failed with (undici's cause: a socket's, a timeout's name). */
const failureOf = async (request: Promise<unknown>): Promise<string> => {
  try {
    await request
    return 'answered'
  } catch (error) {
    const cause = error instanceof Error ? error.cause : undefined
    const code = cause instanceof Error ? Reflect.get(cause, 'code') : undefined
    return typeof code === 'string' ? code : String(error)
  }
}

describe.skipIf(!hasChromium)(
  'dashboard: a rule that shapes the transport',
  { timeout: 60_000 },
  () => {
    const chromium = useChromium()
    const tabs = useDashboardTabs(chromium.browser)

    it('delays the next matching request by the delay a rule made from an entry gives', async () => {
      const opened = await tabs.open()
      chromium.keep(opened)
      const { page, send } = opened
      expect((await send('POST', '/v1/workers', CREATE)).status).toBe(201)
      const listed = await addRule(page, { kind: 'operation', latency: DELAY_MS })
      expect.soft(listed).toMatch(new RegExp(`createWorker: latency ${DELAY_MS} ms`))

      const started = performance.now()
      const next = await send('POST', '/v1/workers', CREATE)
      expect(performance.now() - started).toBeGreaterThanOrEqual(DELAY_MS)
      expect(next.status).toBe(201)
    })

    it('drops the connection of the next matching request with a rule made from an entry', async () => {
      const opened = await tabs.open()
      chromium.keep(opened)
      const { page, send } = opened
      expect((await send('POST', '/v1/workers', CREATE)).status).toBe(201)
      const listed = await addRule(page, { kind: 'reset' })
      expect.soft(listed).toMatch(/createWorker: fault reset/)

      expect(['ECONNRESET', 'UND_ERR_SOCKET']).toContain(
        await failureOf(send('POST', '/v1/workers', CREATE)),
      )
      expect((await send('POST', '/v1/workers', CREATE)).status).toBe(201) // times: 1
    })
  },
)
