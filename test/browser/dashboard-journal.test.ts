// The dashboard shows the journal's true count and every entry it holds (no page cap below the
// journal's), and a test run's idle sessions fold away in the Sessions panel.
import { describe, expect, it } from 'vitest'
import { chromiumPath, useChromium } from '../helpers/browser.js'
import { shownEntries, useDashboardTabs, WAIT_MS } from '../helpers/dashboard-page.js'

const hasChromium = chromiumPath() !== undefined
if (!hasChromium && process.env['CI']) throw new Error('[worker-api-kit] CI must have chromium')

const CREATE = JSON.stringify({ name: 'mine', destination: 'local' })

describe.skipIf(!hasChromium)('dashboard: the whole journal', { timeout: 60_000 }, () => {
  const chromium = useChromium()
  const tabs = useDashboardTabs(chromium.browser)

  it('counts and shows every entry the journal holds: 700 of 700, not the newest 500', async () => {
    const started = await tabs.start()
    chromium.keep(started)
    const { mock, page } = started
    // In-process on the served app: the same journal, without 700 sockets.
    for (let i = 0; i < 700; i++) {
      const res = await mock.app.request('/v1/workers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: CREATE,
      })
      expect(res.status).toBe(201)
    }
    await started.load()
    await expect
      .poll(() => page.locator('#counter').innerText(), { timeout: WAIT_MS })
      .toBe('700 of 700 requests')
    expect(await shownEntries(page).count()).toBe(700)
  })

  it('keeps the default session and the five used last in view, and folds the others', async () => {
    const started = await tabs.start()
    chromium.keep(started)
    const { mock, page } = started
    for (let i = 0; i < 12; i++) {
      const res = await mock.app.request('/v1/workers', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-mock-session': `test-${i}` },
        body: CREATE,
      })
      expect(res.status).toBe(201)
    }
    await started.load()
    const inView = page.locator('ul[aria-label="Sessions"] > li > button.session-button')
    await expect
      .poll(() => inView.allInnerTexts(), { timeout: WAIT_MS })
      .toEqual([
        expect.stringContaining('every session'),
        expect.stringContaining('(default)'),
        ...['11', '10', '9', '8', '7'].map((n) => expect.stringContaining(`test-${n} `)),
      ])
    const folded = page.locator('details.idle-sessions')
    expect
      .soft(await folded.locator('summary').innerText())
      .toBe('7 more sessions, used longer ago')
    expect.soft(await folded.getAttribute('open')).toBeNull()
  })
})
