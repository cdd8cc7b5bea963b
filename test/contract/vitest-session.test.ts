// describeContract runs in a mock session of its own: the developer's default session never sees
// its test data. `session` names one, `false` sends none (a real deployment).
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { describeContract } from '../../src/vitest/describe-contract.js'

const inProcess = () => {
  const app = createMockApp()
  const options = {
    baseUrl: 'http://mock.in-process',
    fetch: (input: string | URL | Request, init?: RequestInit) => app.request(input, init),
    ...app.ids,
    seed: 3,
    runs: 1,
  }
  return { app, options }
}

/** The sessions the app's journal saw, each once. */
const sessionsOf = (app: ReturnType<typeof createMockApp>) => [
  ...new Set(app.control.journal.list().map((entry) => entry.session)),
]

const own = inProcess()
describeContract(own.options)
const named = inProcess()
describeContract({ ...named.options, session: 'ci-contract' })
const none = inProcess()
describeContract({ ...none.options, session: false })

// Registered after the three suites: vitest runs it once they have run.
describe('describeContract sessions', () => {
  it('runs in a session of its own by default, leaving the default session untouched', () => {
    const sessions = sessionsOf(own.app)
    expect(sessions).toHaveLength(1)
    expect(sessions[0]).toMatch(/^contract-/)
    expect(own.app.control.journal.list({ session: '' })).toEqual([])
  })

  it('runs in the session it is given', () => {
    expect(sessionsOf(named.app)).toEqual(['ci-contract'])
  })

  it('sends no session header with session: false', () => {
    expect(sessionsOf(none.app)).toEqual([''])
  })
})
