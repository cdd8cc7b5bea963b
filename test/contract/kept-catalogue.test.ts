import { describe, expect, it } from 'vitest'
import { buildCases } from '../../src/contract/cases.js'
import { createKeptCatalogue, relabelledJson } from '../../src/contract/kept-catalogue.js'

/** A case as data: its bodies read (a generated one is a getter), its derived ids applied to one id. */
const asData = (cases: ReturnType<typeof buildCases>) =>
  cases.map(({ deriveParams, ...c }) => ({
    ...c,
    body: c.body,
    derived: Object.entries(deriveParams ?? {}).map(([name, derive]) => [name, derive('wrk_1')]),
  }))

const relabel = (built: unknown, from: string, to: string) => relabelledJson(built, from, to)

describe('the kept catalogue', () => {
  it('gives every later run on a seed the cases a first build gives with its own name prefix', () => {
    // Another seed than any other test's: this test's first builds are its own.
    const options = (runId: string) => ({
      seed: 4242,
      runs: 3,
      allowCloud: false,
      namePrefix: `wak-contract-${runId}`,
    })
    const runs = ['0a1b2c3d', '4e5f6a7b', '8c9dafbe', 'ffffffff'].map((id) => [
      id,
      asData(buildCases(options(id))),
    ])
    const [, first = []] = runs[0] ?? []
    for (const [id, cases] of runs.slice(1)) {
      expect(cases, `run ${id}`).toEqual(
        relabelledJson(first, 'wak-contract-0a1b2c3d', `wak-contract-${id}`),
      )
      expect(JSON.stringify(cases)).not.toContain('0a1b2c3d')
    }
  })

  it('builds on every run when a second build is not the first with its prefix written in', () => {
    const builds: string[] = []
    // A build that writes its prefix in capitals too: relabelling cannot make that.
    const kept = createKeptCatalogue(
      (_key: string, prefix: string) => {
        builds.push(prefix)
        return { name: prefix, shout: prefix.toUpperCase() }
      },
      relabel,
      (key) => key,
    )
    const made = ['run-aaaa', 'run-bbbb', 'run-cccc'].map((prefix) => kept('seed', prefix))

    expect(made).toEqual([
      { name: 'run-aaaa', shout: 'RUN-AAAA' },
      { name: 'run-bbbb', shout: 'RUN-BBBB' },
      { name: 'run-cccc', shout: 'RUN-CCCC' },
    ])
    expect(builds).toEqual(['run-aaaa', 'run-bbbb', 'run-cccc'])
  })

  it('keeps a build once a second one matches it, and writes each later prefix in', () => {
    const builds: string[] = []
    const kept = createKeptCatalogue(
      (_key: string, prefix: string) => {
        builds.push(prefix)
        return { name: `${prefix} x`, ids: ['wrk_1', 'wrk_2'], nested: { also: prefix } }
      },
      relabel,
      (key) => key,
    )
    const made = ['run-aaaa', 'run-bbbb', 'run-cccc', 'run-dddd'].map((p) => kept('seed', p))

    expect(made.at(-1)).toEqual({
      name: 'run-dddd x',
      ids: ['wrk_1', 'wrk_2'],
      nested: { also: 'run-dddd' },
    })
    expect(builds).toEqual(['run-aaaa', 'run-bbbb'])
  })
})
