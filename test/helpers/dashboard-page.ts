// The dashboard (GET /__mock/) of a started mock in an offline Chromium tab: builders only, no
// assertions. Dialogs (confirmations) are answered as the test says and remembered.
//
// A file's tests share one context and its two tabs, and each test loads its own fresh mock in
// them: a mock on a new port is a new origin (its own storage, a new document), so a test sees
// nothing of the one before, and it costs a navigation rather than a context and a renderer each
// (about a third of the time of a new context and page, measured on the 2-core CI machine).
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll } from 'vitest'
import { type MockServer, type MockServerOptions, startMockServer } from '../../src/mock/server.js'

export const WAIT_MS = 10_000

export type DialogAnswer = 'accept' | 'dismiss'

const HEIGHT = 800

/** The mock's options, and the size of the dashboard's tab. */
type DashboardOptions = MockServerOptions & { width?: number; height?: number }

/** What the current test's pages did: what they asked of other hosts, their problems, dialogs. */
type Records = {
  readonly mockUrl: string
  readonly elsewhere: string[]
  readonly problems: string[]
  readonly dialogs: string[]
  /** How the next confirmations are answered (dismissed unless told). */
  readonly answers: { next: DialogAnswer }
}

type Tabs = {
  readonly context: BrowserContext
  /** The dashboard's tab. */
  readonly page: Page
  /** Another tab of the same browser, for calls a page makes: opened on first use. */
  other(): Promise<Page>
  /** From now on, the tabs talk to this test's mock and record into these. */
  record(records: Records | undefined): void
  /** Leaves the tabs opened blank. */
  blank(): Promise<unknown>
}

/** Leaves a tab blank, its storage for the mock's origin emptied (a later mock may get the port). */
const blank = async (page: Page) => {
  if (!page.url().startsWith('http')) return
  await page.evaluate('sessionStorage.clear(); localStorage.clear()').catch(() => undefined)
  await page.goto('about:blank')
}

const openTabs = async (browser: Browser): Promise<Tabs> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: HEIGHT } })
  let current: Records | undefined
  // Offline: anything not for the current test's mock fails, and is remembered.
  await context.route('**/*', (route) => {
    const url = route.request().url()
    if (current && url.startsWith(current.mockUrl)) return route.continue()
    current?.elsewhere.push(url)
    return route.abort('internetdisconnected')
  })
  const page = await context.newPage()
  let other: Promise<Page> | undefined
  // Every step waits at most this long, so a step that never happens fails by its own name
  // rather than as the test's timeout.
  page.setDefaultTimeout(WAIT_MS)
  page.on('console', (m) => {
    if (/Content Security Policy|error/i.test(m.text())) current?.problems.push(m.text())
  })
  page.on('pageerror', (e) => current?.problems.push(String(e)))
  page.on('dialog', (d) => {
    current?.dialogs.push(d.message())
    void (current?.answers.next === 'accept' ? d.accept() : d.dismiss())
  })
  return {
    context,
    page,
    other: () => {
      other ??= context.newPage()
      return other
    },
    record: (records) => {
      current = records
    },
    blank: () => Promise.all([blank(page), other?.then(blank)]),
  }
}

/** A test's mock, and the shared tabs turned to it; `load` opens its dashboard. */
export type DashboardMock = Awaited<ReturnType<ReturnType<typeof useDashboardTabs>['start']>>

/**
 * The tabs of the file's tests, in one context of `browser()` made on first use and closed after
 * the file. `start` gives a test its fresh mock; the test hands what it returns to `keep`.
 */
export const useDashboardTabs = (browser: () => Browser) => {
  let tabs: Tabs | undefined
  afterAll(async () => {
    await tabs?.context.close()
  })

  /** Starts a fresh mock and turns the tabs to it, blank; nothing is loaded yet. */
  const start = async (options: DashboardOptions = {}) => {
    const { width = 1280, height = HEIGHT, ...mockOptions } = options
    tabs ??= await openTabs(browser())
    const { page, other } = tabs
    await tabs.blank()
    const mock: MockServer = await startMockServer({ port: 0, host: '127.0.0.1', ...mockOptions })
    const records: Records = {
      mockUrl: mock.url,
      elsewhere: [],
      problems: [],
      dialogs: [],
      answers: { next: 'dismiss' },
    }
    tabs.record(records)
    await page.setViewportSize({ width, height })
    /** Loads the dashboard in its tab (it has not read anything yet when this returns). */
    const load = async () => {
      // A confirmation waits while its tab is in the background: the dashboard's is in front.
      await page.bringToFront()
      await page.goto(`${mock.url}/__mock/`)
      return page
    }
    /** The other tab, on the mock's origin: `fetch` there is a page's request (its status). */
    const otherTab = async () => {
      const tab = await other()
      await tab.goto(`${mock.url}/`)
      return (
        path: string,
        init: { method: string; body?: string; headers?: Record<string, string> },
      ) =>
        tab.evaluate(async ([url, options]) => (await fetch(url, options)).status, [
          `${mock.url}${path}`,
          { ...init, headers: { 'content-type': 'application/json', ...init.headers } },
        ] as const)
    }
    /** A request to the mock from the test (outside the page). */
    const send = async (
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const res = await fetch(`${mock.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(WAIT_MS),
      })
      const text = await res.text()
      return { status: res.status, text, json: () => JSON.parse(text) as unknown }
    }
    const close = async () => {
      tabs?.record(undefined)
      await tabs?.blank()
      await mock.close()
    }
    return { mock, page, load, otherTab, send, ...records, close }
  }

  /** A fresh mock with its dashboard loaded and showing the mock's mode. */
  const open = async (options: DashboardOptions = {}) => {
    const started = await start(options)
    await started.load()
    await started.page.locator('#mode', { hasText: 'mock' }).waitFor({ timeout: WAIT_MS })
    return started
  }

  return { start, open }
}

/** The journal's entries the page shows now. */
export const shownEntries = (page: Page) => page.locator('#journal details.entry:not([hidden])')
