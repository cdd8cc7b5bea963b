// The dashboard in a narrow window (800 px), in Chromium against a started mock: the journal is at
// the top, where a developer looks first, and the panels follow below it, one link away; on a
// wide screen the panels keep their column left of the journal. Its files come from the build
// (dist/dashboard).
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromiumPath, useChromium } from '../helpers/browser.js'
import { shownEntries, useDashboardTabs, WAIT_MS } from '../helpers/dashboard-page.js'

const hasChromium = chromiumPath() !== undefined
if (!hasChromium && process.env['CI']) throw new Error('[worker-api-kit] CI must have chromium')

/** The tab's height, as the dashboard's tests open it. */
const VIEWPORT_HEIGHT = 800
/** Enough requests for the journal to be taller than the window. */
const REQUESTS = 30

/** Where an element of the page is, in the viewport's coordinates (a missing one fails). */
const boxOf = async (page: Page, selector: string) => {
  const box = await page.locator(selector).boundingBox()
  if (box === null) throw new Error(`${selector} is not shown`)
  return box
}

describe.skipIf(!hasChromium)('dashboard in a narrow window', { timeout: 60_000 }, () => {
  const chromium = useChromium()
  const tabs = useDashboardTabs(chromium.browser)

  it('shows the journal first at 800 px, with the panels below it and a link down to them', async () => {
    const opened = await tabs.open({ width: 800, height: VIEWPORT_HEIGHT })
    chromium.keep(opened)
    const { page, send } = opened
    for (let i = 0; i < REQUESTS; i++)
      await send('POST', '/v1/workers', { name: `narrow-${i}`, destination: 'local' })
    await shownEntries(page)
      .nth(REQUESTS - 1)
      .waitFor({ timeout: WAIT_MS })
    await page.locator('#panels .state-panel h2').waitFor({ timeout: WAIT_MS })

    const journal = await boxOf(page, '.journal')
    const panels = await boxOf(page, '#panels')
    expect.soft(journal.y).toBeLessThan(VIEWPORT_HEIGHT)
    expect.soft(panels.y).toBeGreaterThanOrEqual(journal.y + journal.height)
    expect.soft(journal.width).toBeGreaterThan(700)

    await page.getByRole('link', { name: /Sessions, state, rules and scenario/ }).click()
    await expect
      .poll(async () => (await boxOf(page, '#panels')).y, { timeout: WAIT_MS })
      .toBeLessThan(VIEWPORT_HEIGHT / 2)
    expect.soft(await page.locator('#panels').getByText('Rules of').first().isVisible()).toBe(true)
  })

  it('keeps the panels left of the journal on a wide screen, the link hidden', async () => {
    const opened = await tabs.open({ width: 1366, height: 768 })
    chromium.keep(opened)
    const { page } = opened
    await page.locator('#panels .state-panel h2').waitFor({ timeout: WAIT_MS })
    const journal = await boxOf(page, '.journal')
    const panels = await boxOf(page, '#panels')
    expect.soft(panels.x + panels.width).toBeLessThanOrEqual(journal.x)
    expect.soft(Math.abs(panels.y - journal.y)).toBeLessThan(2)
    expect.soft(await page.locator('a.to-panels').isVisible()).toBe(false)
  })
})
