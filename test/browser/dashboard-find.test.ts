// The dashboard as a workbench, in Chromium against a started mock: find (text, status), an entry
// seen whole (headers, the Prefer that shaped it), replay with masked values typed and never
// kept, and the page readable at 800 px. Its files come from the build (dist/dashboard).
import { text as readText } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { chromiumPath, useChromium } from '../helpers/browser.js'
import { shownEntries, useDashboardTabs, WAIT_MS } from '../helpers/dashboard-page.js'

const hasChromium = chromiumPath() !== undefined
if (!hasChromium && process.env['CI']) throw new Error('[worker-api-kit] CI must have chromium')

describe.skipIf(!hasChromium)('dashboard: find, see, replay', { timeout: 60_000 }, () => {
  const chromium = useChromium()
  const tabs = useDashboardTabs(chromium.browser)
  const dashboard = async (width?: number) => {
    const opened = await tabs.open(width === undefined ? {} : { width })
    chromium.keep(opened)
    return opened
  }

  it('finds requests by text and by status, and says why a bad status finds nothing', async () => {
    const { page, send, problems } = await dashboard()
    for (const name of ['alpha-runner', 'beta-runner'])
      expect((await send('POST', '/v1/workers', { name, destination: 'local' })).status).toBe(201)
    expect((await send('POST', '/v1/workers', { name: '', destination: 'moon' })).status).toBe(400)
    await shownEntries(page).nth(2).waitFor({ timeout: WAIT_MS })

    await page.locator('#filter-q').fill('ALPHA')
    await page.keyboard.press('Enter')
    await expect.poll(() => shownEntries(page).count(), { timeout: WAIT_MS }).toBe(1)
    expect.soft(await shownEntries(page).first().innerText()).toContain('POST')
    await shownEntries(page).first().locator('summary').click()
    expect
      .soft(await shownEntries(page).first().locator('.request').innerText())
      .toContain('alpha-runner')

    await page.locator('#filter-q').fill('')
    await page.locator('#filter-status').fill('4xx')
    await page.keyboard.press('Enter')
    await expect.poll(() => shownEntries(page).count(), { timeout: WAIT_MS }).toBe(1)
    expect.soft(await shownEntries(page).first().locator('.status').innerText()).toBe('400')

    await page.locator('#filter-status').fill('600')
    await page.keyboard.press('Enter')
    await page.locator('#find-message', { hasText: 'refused' }).waitFor({ timeout: WAIT_MS })
    expect.soft(await page.locator('#find-message').innerText()).toContain('status')
    expect.soft(problems.filter((p) => !/status of 400/.test(p))).toEqual([])
  })

  it('shows the headers each way and the Prefer that shaped the answer', async () => {
    const { page, send } = await dashboard()
    const sent = await send(
      'POST',
      '/v1/workers',
      { name: 'preferred', destination: 'local' },
      { prefer: 'code=429', authorization: 'Bearer tok-never-shown-1' },
    )
    expect(sent.status).toBe(429)
    const entry = shownEntries(page).first()
    await entry.locator('summary', { hasText: '429' }).waitFor({ timeout: WAIT_MS })
    expect.soft(await entry.locator('.prefer-badge').innerText()).toBe('code=429')
    await entry.locator('summary').focus()
    await page.keyboard.press('Enter')
    const request = await entry.locator('.request .headers').innerText()
    expect.soft(request).toMatch(/prefer\s+code=429/)
    expect.soft(request).toMatch(/authorization\s+\[REDACTED\]/)
    expect.soft(await entry.locator('.response .headers').innerText()).toMatch(/retry-after/i)
    expect.soft(await entry.locator('.shaped').innerText()).toContain('Prefer: code=429')
    expect.soft(await page.content()).not.toContain('tok-never-shown-1')
  })

  it('replays an entry in its session, asking for the masked values and keeping none of them', async () => {
    const { page, send, mock } = await dashboard()
    const { orgId, llmProviderId } = mock.app.ids
    const path = `/v1/orgs/${orgId}/llm-providers/${llmProviderId}`
    const session = { 'x-mock-session': 'replayed' }
    const first = await send(
      'PATCH',
      path,
      { source: 'custom', apiKey: 'sk-first-secret-1111', modelIds: ['m-1'] },
      { ...session, authorization: 'Bearer tok-first-secret' },
    )
    expect(first.status).toBe(200)
    const newest = shownEntries(page).first()
    await newest.locator('summary', { hasText: 'PATCH' }).click()
    // Pinned by its seq: the replay's own entry comes in on top of it.
    const entry = page.locator(
      `#journal details[data-seq="${await newest.getAttribute('data-seq')}"]`,
    )
    await entry.locator('.replay-button').click()
    const form = entry.locator('form.replay')
    const secrets = form.locator('input[type="password"]')
    await expect.poll(() => secrets.count(), { timeout: WAIT_MS }).toBe(2)
    expect.soft(await form.innerText()).toMatch(/authorization[\s\S]*body \/apiKey/)
    await form.locator('input[data-where="header:authorization"]').fill('Bearer tok-typed-7c1e')
    await form.locator('input[data-where="body:/apiKey"]').fill('sk-typed-secret-9876')
    await form.getByRole('button', { name: 'Send again' }).click()
    await form.locator('.replay-result', { hasText: 'Replayed as #' }).waitFor({ timeout: WAIT_MS })
    const shown = await form.locator('.replay-result').innerText()
    expect.soft(shown).toMatch(/Replayed as #\d+: 200/)
    expect.soft(shown).toContain('replayed') // the entry's session

    // The typed key reached the mock (its last four), in the entry's session and no other.
    const state = (await send('GET', '/__mock/state', undefined, session).then((r) =>
      r.json(),
    )) as {
      llmProviders: { apiKeyLastFour: string | null }[]
    }
    expect.soft(state.llmProviders[0]?.apiKeyLastFour).toBe('9876')
    // ...and is kept nowhere: not in the form, the tab's storage, the page or the journal.
    expect
      .soft(await Promise.all((await secrets.all()).map((input) => input.inputValue())))
      .toEqual(['', ''])
    const stored = await page.evaluate<string>(
      'JSON.stringify([{ ...localStorage }, { ...sessionStorage }])',
    )
    const journal = (await send('GET', '/__mock/requests')).text
    for (const where of [stored, await page.content(), journal]) {
      expect.soft(where).not.toContain('tok-typed-7c1e')
      expect.soft(where).not.toContain('sk-typed-secret-9876')
    }
  })

  // Issue 32, item 6. Before: every `[REDACTED]` string was prompted for, so a page that planted
  // one in `customConfigText` got the key the developer typed into that prompt back from the
  // provider's answer; and a typed value in a field of no secret name was kept in clear.
  it('asks only for the values the journal masked, sends a planted [REDACTED] as it was, and keeps what was typed secret', async () => {
    const { page, send, mock } = await dashboard()
    const { orgId, llmProviderId } = mock.app.ids
    const path = `/v1/orgs/${orgId}/llm-providers/${llmProviderId}`
    const session = { 'x-mock-session': 'planted' }
    const planted = await send(
      'PATCH',
      path,
      { source: 'custom', apiKey: 'sk-first-secret-2222', customConfigText: '[REDACTED]' },
      session,
    )
    expect(planted.status).toBe(200)
    const created = await send(
      'POST',
      '/v1/workers',
      { name: 'box', destination: 'local', description: 'runs with tok-known-4d5e6f' },
      { ...session, authorization: 'Bearer tok-known-4d5e6f' },
    )
    expect(created.status).toBe(201)
    const journal = (await send('GET', '/__mock/requests?session=planted').then((r) =>
      r.json(),
    )) as { entries: { seq: number; method: string; request: { masked?: string[] } }[] }
    const [patch, create] = journal.entries
    expect.soft(patch?.request.masked).toEqual(['/body/apiKey'])
    expect.soft(create?.request.masked).toEqual(['/headers/authorization', '/body/description'])

    const replayOf = async (seq: number | undefined) => {
      const entry = page.locator(`#journal details[data-seq="${seq}"]`)
      await entry.locator('summary').click()
      await entry.locator('.replay-button').click()
      return entry.locator('form.replay')
    }
    const patchForm = await replayOf(patch?.seq)
    const prompts = patchForm.locator('input[type="password"]')
    await expect.poll(() => prompts.count(), { timeout: WAIT_MS }).toBe(1)
    await patchForm.locator('input[data-where="body:/apiKey"]').fill('sk-typed-secret-5432')
    await patchForm.getByRole('button', { name: 'Send again' }).click()
    await patchForm
      .locator('.replay-result', { hasText: 'Replayed as #' })
      .waitFor({ timeout: WAIT_MS })
    const provider = (await send('GET', '/__mock/state', undefined, session).then((r) =>
      r.json(),
    )) as { llmProviders: { apiKeyLastFour: string | null; customConfigText: string | null }[] }
    expect.soft(provider.llmProviders[0]?.apiKeyLastFour).toBe('5432')
    expect.soft(provider.llmProviders[0]?.customConfigText).toBe('[REDACTED]')

    const createForm = await replayOf(create?.seq)
    await expect
      .poll(() => createForm.locator('input[type="password"]').count(), { timeout: WAIT_MS })
      .toBe(2)
    await createForm
      .locator('input[data-where="header:authorization"]')
      .fill('Bearer tok-typed-8f9a0b')
    await createForm
      .locator('input[data-where="body:/description"]')
      .fill('typed-description-secret-7e7e')
    await createForm.getByRole('button', { name: 'Send again' }).click()
    await createForm
      .locator('.replay-result', { hasText: 'Replayed as #' })
      .waitFor({ timeout: WAIT_MS })
    const places = [
      (await send('GET', '/__mock/requests')).text,
      (await send('GET', '/__mock/state', undefined, session)).text,
      (await send('GET', '/__mock/scenario/export', undefined, session)).text,
      await page.content(),
    ]
    for (const where of places)
      for (const typed of ['sk-typed-secret-5432', 'tok-typed-8f9a0b', 'typed-description-secret'])
        expect.soft(where).not.toContain(typed)
  })

  it('downloads the requests it finds as a HAR file, secrets masked', async () => {
    const { page, send } = await dashboard()
    const headers = { authorization: 'Bearer tok-har-secret-2' }
    await send('POST', '/v1/workers', { name: 'in-the-har', destination: 'local' }, headers)
    await send('POST', '/v1/workers', { name: 'left-out', destination: 'local' })
    await shownEntries(page).nth(1).waitFor({ timeout: WAIT_MS })
    await page.locator('#filter-q').fill('in-the-har')
    await page.keyboard.press('Enter')
    await expect.poll(() => shownEntries(page).count(), { timeout: WAIT_MS }).toBe(1)
    const [file] = await Promise.all([
      page.waitForEvent('download', { timeout: WAIT_MS }),
      page.locator('#download-har').click(),
    ])
    expect.soft(file.suggestedFilename()).toBe('worker-api-kit-all.har')
    // Read as a stream: the run's Chromium is a remote one, whose downloads have no local path.
    const text = await readText(await file.createReadStream())
    const har = JSON.parse(text) as { log: { version: string; entries: unknown[] } }
    expect.soft(har.log.version).toBe('1.2')
    expect.soft(har.log.entries).toHaveLength(1)
    expect.soft(text).toContain('in-the-har')
    expect.soft(text).not.toContain('tok-har-secret-2')
  })

  it('offers the lines that replay the requests it finds against staging, and sends nothing there', async () => {
    const { page, send } = await dashboard()
    await send('POST', '/v1/workers', { name: 'to-replay', destination: 'local' })
    await send('POST', '/v1/workers', { name: 'not-this-one', destination: 'local' })
    await shownEntries(page).nth(1).waitFor({ timeout: WAIT_MS })
    const origins = new Set<string>()
    page.on('request', (request) => origins.add(new URL(request.url()).origin))
    await page.locator('#filter-q').fill('to-replay')
    await page.keyboard.press('Enter')
    await expect.poll(() => shownEntries(page).count(), { timeout: WAIT_MS }).toBe(1)

    await page.locator('#staging summary').click()
    const lines = await page.locator('#staging-command').innerText()
    const origin = new URL(page.url()).origin
    expect(lines).toContain(`curl -s -o session.har '${origin}/__mock/requests.har?q=to-replay'`)
    expect(lines).toContain(
      'npx --no-install worker-api-kit contract --base-url "$STAGING_URL" --replay session.har',
    )
    // The line downloads what the page shows.
    const har = await (await fetch(`${origin}/__mock/requests.har?q=to-replay`)).json()
    expect(har.log.entries).toHaveLength(1)
    expect([...origins]).toEqual([origin])
  })

  it('stays within 800 px: no sideways scroll, long values wrap or fold', async () => {
    const { page, send } = await dashboard(800)
    const long = `w-${'x'.repeat(240)}`
    expect(
      (await send('POST', `/v1/workers?${'q'.repeat(300)}=1`, { name: long, destination: 'local' }))
        .status,
    ).toBe(201)
    const entry = shownEntries(page).first()
    await entry.locator('summary').click()
    await entry.locator('.request pre.body').first().waitFor({ timeout: WAIT_MS })
    const overflow = () =>
      page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      )
    expect.soft(await overflow()).toBeLessThanOrEqual(0)
    // A long answer folds, and opens whole with a button.
    const whole = entry.locator('.response button.whole')
    await whole.click()
    expect.soft(await whole.getAttribute('aria-expanded')).toBe('true')
    expect.soft(await entry.locator('.response pre.body').innerText()).toContain(long)
    expect.soft(await overflow()).toBeLessThanOrEqual(0)
  })
})
