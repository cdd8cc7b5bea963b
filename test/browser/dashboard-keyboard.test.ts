// The dashboard from the keyboard alone, in Chromium against a started mock: Tab reaches the
// search box, Enter searches, Tab reaches the entry found, Enter opens it, and its Replay button
// opens the replay form. No click anywhere.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromiumPath, useChromium } from '../helpers/browser.js'
import { shownEntries, useDashboardTabs, WAIT_MS } from '../helpers/dashboard-page.js'

const hasChromium = chromiumPath() !== undefined
if (!hasChromium && process.env['CI']) throw new Error('[worker-api-kit] CI must have chromium')

/** Most Tab presses to reach one control: the page has fewer focusable controls before it. */
const MAX_TABS = 120

/** Presses Tab until `isTarget` holds for the focused element; whether it did within MAX_TABS. */
const tabTo = async (page: Page, isTarget: string): Promise<boolean> => {
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press('Tab')
    if (
      await page.evaluate<boolean>(
        `(() => { const el = document.activeElement; return !!el && (${isTarget}) })()`,
      )
    )
      return true
  }
  return false
}

describe.skipIf(!hasChromium)('dashboard from the keyboard', { timeout: 60_000 }, () => {
  const chromium = useChromium()
  const tabs = useDashboardTabs(chromium.browser)

  it('searches, opens the entry found and its replay form without a click', async () => {
    const opened = await tabs.open()
    chromium.keep(opened)
    const { page, send } = opened
    await send('POST', '/v1/workers', { name: 'typed-by-keys', destination: 'local' })
    await send('POST', '/v1/workers', { name: 'another', destination: 'local' })
    await shownEntries(page).nth(1).waitFor({ timeout: WAIT_MS })

    expect(await tabTo(page, "el.id === 'filter-q'")).toBe(true)
    await page.keyboard.type('typed-by-keys')
    await page.keyboard.press('Enter')
    await expect.poll(() => shownEntries(page).count(), { timeout: WAIT_MS }).toBe(1)

    expect(await tabTo(page, "el.tagName === 'SUMMARY' && el.closest('#staging') === null")).toBe(
      true,
    )
    await page.keyboard.press('Enter')
    await expect
      .poll(() => shownEntries(page).first().getAttribute('open'), { timeout: WAIT_MS })
      .not.toBeNull()

    expect(await tabTo(page, "el.classList.contains('replay-button')")).toBe(true)
    await page.keyboard.press('Enter')
    await shownEntries(page).first().locator('form.replay').waitFor({ timeout: WAIT_MS })
    // The focus shows where it is: the focused control draws an outline.
    const outline = await page.evaluate<string>(
      'getComputedStyle(document.activeElement).outlineStyle',
    )
    expect.soft(outline).not.toBe('none')
  })
})
