import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { buildCases } from '../../src/contract/cases.js'
import { type Report, summarize, summaryLine } from '../../src/contract/report.js'
import { formatReport, formatResultLine } from '../../src/contract/reporters/console.js'
import { formatJson } from '../../src/contract/reporters/json.js'
import { formatJunit } from '../../src/contract/reporters/junit.js'
import { runContract } from '../../src/contract/runner.js'
import { createMockApp } from '../../src/mock/app.js'
import { secretsIn } from '../../src/secrets/index.js'

const SEED = 7
const PLANTED = {
  authorization: 'Bearer PLANTED-AUTH-TOKEN-777',
  apiKeyHeader: 'PLANTED-HEADER-KEY-888',
  token: 'PLANTED-OWNER-TOKEN-999',
}

/** Leaks everything it can: echoes the API key and the credentials, hands out a planted token. */
const leakyServer = () => {
  const mock = createMockApp()
  const app = new Hono()
  app.all('*', async (c) => {
    // fetch, not request: a clone is a native Request, and once @hono/node-server has served in this
    // process (it replaces globalThis.Request) request()'s `instanceof Request` takes it for a path.
    const res = await mock.fetch(c.req.raw.clone())
    if (!res.headers.get('content-type')?.includes('json')) return res
    const body = (await res.json()) as Record<string, unknown>
    const sent = await c.req.json().catch(() => ({}))
    const leaks = {
      echoedKey: sent?.apiKey,
      echoedAuth: c.req.header('authorization'),
      echoedHeader: c.req.header('x-api-key'),
    }
    const tokens = body['tokens']
      ? { owner: PLANTED.token, host: PLANTED.token, client: PLANTED.token }
      : undefined
    // Break a rule too, so that findings (with curl lines and excerpts) are printed.
    return c.json(
      { ...body, ...leaks, ...(tokens ? { tokens } : {}) },
      res.status === 201 ? 200 : (res.status as 200),
    )
  })
  return { app, ids: mock.ids }
}

const runLeaky = async (): Promise<Report> => {
  const { app, ids } = leakyServer()
  return runContract({
    baseUrl: 'http://leaky.test',
    fetch: (input, init) => app.request(input, init),
    headers: { Authorization: PLANTED.authorization, 'X-Api-Key': PLANTED.apiKeyHeader },
    ...ids,
    seed: SEED,
    runs: 3,
    strict: true,
    // In-process: a cloud worker provisions nothing, and every case is sent (none listed as skipped).
    allowCloud: true,
  })
}

let leaky: Promise<Report> | undefined
/**
 * The leaky server's report, run once for the file: a seeded run is the same every time, and each
 * test only reads it (six runs cost 12 s of the in-process tier).
 */
const leakyReport = () => {
  leaky ??= runLeaky()
  return leaky
}

/**
 * The API keys the suite generated (test values, not secrets: they may appear in what the suite
 * sent, never in what it quotes of an answer). Short ones could occur anywhere by chance.
 */
const generatedKeys = () =>
  buildCases({ seed: SEED, runs: 3, allowCloud: false, namePrefix: 'x' })
    .flatMap((c) => ('json' in c.body ? [...secretsIn(c.body.json)] : []))
    .filter((key) => key.length >= 6 && !/^x+$/.test(key))

/** What a report quotes of the server's answers: excerpts, errors and finding messages. */
const answerParts = (report: Report) =>
  report.results.flatMap((r) => [
    ...r.exchanges.flatMap((e) => [e.responseExcerpt ?? '', e.error ?? '']),
    ...r.findings.flatMap((f) => [f.responseExcerpt ?? '', f.message, f.pointer ?? '']),
  ])

describe('reporters', () => {
  it('writes JUnit XML that validates, with one testcase per result and the right counts', async () => {
    const report = await leakyReport()
    const xml = formatJunit(report)
    expect(XMLValidator.validate(xml)).toBe(true)
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml)
    const suite = parsed.testsuites.testsuite
    const testcases = [suite.testcase].flat()
    const summary = summarize(report)
    expect.soft(testcases).toHaveLength(report.results.length)
    expect.soft(Number(suite.tests)).toBe(report.results.length)
    expect.soft(Number(suite.failures)).toBe(summary.failed)
    expect.soft(Number(suite.skipped)).toBe(summary.skipped)
    expect
      .soft(testcases.filter((t: { failure?: unknown }) => t.failure))
      .toHaveLength(summary.failed)
    expect.soft(summary.failed).toBeGreaterThan(0)
    const failure = testcases.find((t: { failure?: unknown }) => t.failure).failure
    expect.soft(failure['#text']).toContain('reproduce: curl')
  })

  it('escapes markup and control characters from a hostile answer into valid XML', async () => {
    const app = new Hono().all('*', (c) =>
      c.text('<x a="]]>"> \u0001 & \u0007', 200, { 'content-type': 'application/json' }),
    )
    const report = await runContract({
      baseUrl: 'http://hostile.test',
      fetch: (i, init) => app.request(i, init),
      seed: 1,
      runs: 1,
    })
    expect(XMLValidator.validate(formatJunit(report))).toBe(true)
  })

  it('writes JSON that parses back to the report', async () => {
    const report = await leakyReport()
    expect(JSON.parse(formatJson(report))).toEqual(JSON.parse(JSON.stringify(report)))
  })

  it('ends the console report with the summary line and prints a curl line per failure', async () => {
    const report = await leakyReport()
    const text = formatReport(report)
    expect.soft(text.trimEnd().split('\n').at(-1)).toBe(summaryLine(summarize(report)))
    expect.soft(text.trimEnd().split('\n').at(-1)).toMatch(/^\d+ passed, \d+ failed, \d+ skipped$/)
    expect.soft(text).toContain('reproduce: curl')
    expect.soft(text).toContain('"authorization: $AUTHORIZATION"')
  })

  it('keeps every planted credential out of every output', async () => {
    const report = await leakyReport()
    const outputs = {
      console: [formatReport(report), ...report.results.map(formatResultLine)].join('\n'),
      json: formatJson(report),
      junit: formatJunit(report),
    }
    for (const [name, text] of Object.entries(outputs)) {
      for (const secret of Object.values(PLANTED)) {
        expect.soft(text.includes(secret), `${name} contains ${secret.slice(0, 12)}…`).toBe(false)
      }
    }
  })

  // Before: every generated key was masked wherever its text occurred, so a create's
  // `"imageVersion":"[REDACTED]"` (the same seeded string) hid what the server answered.
  it('masks a generated API key where an answer echoes it, and nowhere else', async () => {
    const report = await leakyReport()
    const quoted = answerParts(report).join('\n')
    expect(generatedKeys().length).toBeGreaterThan(0)
    expect(quoted).toContain('"echoedKey":"[REDACTED]')
    // Each echo is the mask, or the mask cut by an excerpt's end (`"[REDA…(471 chars)`): no key's own character.
    const echoes = quoted.match(/"echoedKey":"[^"…]*…?/g) ?? []
    for (const echo of echoes) {
      const value = echo.slice('"echoedKey":"'.length)
      const isCut = value.endsWith('…')
      const shown = isCut ? value.slice(0, -1) : value
      const isMask = shown.startsWith('[REDACTED]') || (isCut && '[REDACTED]'.startsWith(shown))
      expect.soft(isMask, echo).toBe(true)
    }
    expect.soft(quoted).not.toMatch(/"(imageVersion|name|workspacePath)":"\[REDACTED\]/)
  })

  // Before: the keys of a case sent as JSON text (an escaped spelling) were not looked for, and a
  // short answer echoing one (`"echoedKey":"apiKey a/b 😀 é"`) was quoted as it came.
  it('masks a generated API key echoed by a short answer to a body sent as escaped JSON text', async () => {
    const mock = createMockApp()
    const echoing = new Hono().all('*', async (c) => {
      const sent = await c.req.json().catch(() => ({}))
      return c.json({ echoedKey: sent?.apiKey ?? null }, 400)
    })
    const report = await runContract({
      baseUrl: 'http://echoing.test',
      fetch: (input, init) => echoing.request(input, init),
      ...mock.ids,
      seed: SEED,
      runs: 1,
    })
    const echoes =
      answerParts(report)
        .join('\n')
        .match(/"echoedKey":"[^"]*"/g) ?? []
    expect(echoes.length).toBeGreaterThan(0)
    for (const echo of echoes) expect.soft(echo).toMatch(/^"echoedKey":"\[REDACTED\]/)
  })

  it('prints curl lines that send the generated body as it was sent, API key included', async () => {
    const report = await leakyReport()
    const sentBodies = new Set(
      buildCases({ seed: SEED, runs: 3, allowCloud: false, namePrefix: 'x' }).map((c) =>
        'json' in c.body ? JSON.stringify(c.body.json) : c.body.raw,
      ),
    )
    const curls = report.results
      .flatMap((r) => r.findings.map((f) => f.curl))
      .filter((curl) => curl.includes('"apiKey"') && !curl.includes('# body cut'))
    expect(curls.length).toBeGreaterThan(0)
    for (const curl of curls) {
      const quoted = /--data-raw '((?:[^']|'\\'')*)'/.exec(curl)?.[1] ?? ''
      const body = quoted.replaceAll("'\\''", "'").replace(/^(\{"name":")wak-contract-\w+ /, '$1x ')
      expect.soft(sentBodies.has(body), curl.slice(0, 120)).toBe(true)
    }
  })
})
