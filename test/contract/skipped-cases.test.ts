import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import type { Fetch } from '../../src/contract/client.js'
import { ContractError } from '../../src/contract/contract-error.js'
import { summarize } from '../../src/contract/report.js'
import { formatReport } from '../../src/contract/reporters/console.js'
import { formatJunit } from '../../src/contract/reporters/junit.js'
import { runContract } from '../../src/contract/runner.js'
import { partitionChecks } from '../../src/contract/select-checks.js'
import { createMockApp } from '../../src/mock/app.js'

/** The mock in-process, and a fetch that counts what reaches it. */
const judgeMock = () => {
  const app = createMockApp()
  let requests = 0
  return {
    ids: { orgId: app.ids.orgId, llmProviderId: app.ids.llmProviderId },
    requests: () => requests,
    fetch: ((input, init) => {
      requests++
      return app.request(input, init)
    }) satisfies Fetch,
  }
}

type JunitCase = { classname: string; name: string; skipped?: { message: string } }

describe('partitionChecks', () => {
  it.each([
    [{ only: ['respond'] }, '--only respond matches no check id'],
    [{ skip: ['nosuch-*'] }, '--skip nosuch-* matches no check id'],
    [{ only: ['strict-*'] }, '--only strict-* matches only --strict checks; add --strict'],
    [{ only: ['responds'], skip: ['resp*'] }, '--only and --skip leave no check to judge'],
  ])('refuses %o: %s', (selection, message) => {
    expect(() => partitionChecks(selection)).toThrow(
      expect.objectContaining({
        constructor: ContractError,
        code: 'E_USAGE',
        message: expect.stringContaining(`[worker-api-kit] ${message}; the check ids are: `),
      }),
    )
  })

  it('names the filter that left each check out', () => {
    const { selected, leftOut } = partitionChecks({
      only: ['accepts-*', 'rejects-*'],
      skip: ['rejects-*'],
    })

    expect(selected.map((c) => c.id)).toEqual(['accepts-valid-input'])
    expect
      .soft(leftOut.find((l) => l.check.id === 'rejects-invalid-input')?.reason)
      .toBe('left out by --skip rejects-*')
    expect
      .soft(leftOut.find((l) => l.check.id === 'responds')?.reason)
      .toBe('not selected by --only accepts-*,rejects-*')
    expect.soft(leftOut.some((l) => l.check.profile === 'strict')).toBe(false)
  })
})

describe('cases not sent', () => {
  it('refuses a filter that matches nothing before the first request', async () => {
    const target = judgeMock()

    await expect(
      runContract({ baseUrl: 'http://mock.test', fetch: target.fetch, only: ['respond'] }),
    ).rejects.toThrow(ContractError)
    expect(target.requests()).toBe(0)
  })

  it('lists every case --max-creates leaves unsent, counts it as skipped, and writes it to JUnit', async () => {
    const target = judgeMock()

    const report = await runContract({
      baseUrl: 'http://mock.test',
      fetch: target.fetch,
      ...target.ids,
      seed: 3,
      runs: 2,
      maxCreates: 1,
      allowCloud: true, // in-process: only --max-creates leaves cases unsent
    })
    const xml = formatJunit(report)
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml)
    const testcases: JunitCase[] = [parsed.testsuites.testsuite.testcase].flat()
    const caseTestcases = testcases.filter((t) => t.name.startsWith('case: '))
    const summary = summarize(report)

    expect(report.skippedCases.length).toBeGreaterThan(0)
    expect
      .soft(new Set(report.skippedCases.map((c) => c.reason)))
      .toEqual(new Set(['--max-creates 1 reached']))
    expect
      .soft(summary.skipped)
      .toBe(
        report.results.filter((r) => r.outcome === 'skipped').length + report.skippedCases.length,
      )
    expect.soft(XMLValidator.validate(xml)).toBe(true)
    expect.soft(Number(parsed.testsuites.skipped)).toBe(summary.skipped)
    expect
      .soft(caseTestcases.map((t) => t.name))
      .toEqual(report.skippedCases.map((c) => `case: ${c.caseTitle}`))
    expect
      .soft(caseTestcases.every((t) => t.skipped?.message === 'not sent: --max-creates 1 reached'))
      .toBe(true)
    expect
      .soft(report.results.find((r) => r.checkId === 'accepts-valid-input')?.casesNotSent)
      .toBe(report.skippedCases.length)
    expect
      .soft(formatReport(report))
      .toContain(
        `- createWorker: ${report.skippedCases.length} cases not sent (skipped), --max-creates 1 reached`,
      )
  })

  it('lists nothing as not sent when every case is sent', async () => {
    const target = judgeMock()

    const report = await runContract({
      baseUrl: 'http://mock.test',
      fetch: target.fetch,
      ...target.ids,
      seed: 3,
      runs: 1,
      allowCloud: true, // in-process: a cloud worker provisions nothing
    })

    expect(report.skippedCases).toEqual([])
    expect.soft(summarize(report).skipped).toBe(0)
    expect.soft(report.results.some((r) => r.casesNotSent !== undefined)).toBe(false)
  })
})
