import { describe, expect, it } from 'vitest'
import { redactJson } from '../../src/secrets/redact.js'
import { writeWithJournalCopy } from '../../src/server/journal-copy.js'

const CREATED = {
  worker: { id: 'wrk_01h2xcejqtf2nbrexx3vqjhp41', name: 'a "quoted" name \u2028', isMine: true },
  tokens: { owner: 'own-secret-1234', host: 'host-secret-1234', client: 'client-secret-1234' },
  instance: { provider: 'local', url: 'http://127.0.0.1:8080' },
  launch: { mode: 'cli', pollAfterMs: 500 },
}
const PROVIDER = {
  llmProvider: {
    id: 'lpr_x',
    hasApiKey: true,
    apiKeyLastFour: 'wxyz',
    modelIds: ['m'],
    clientSecret: 'loose-secret-5678',
  },
}

describe('the journal copy written beside an answer', () => {
  it('writes the answer as JSON.stringify would, and its copy as the journal masked it', () => {
    const written = writeWithJournalCopy('createWorker', 201, CREATED)
    expect(written?.text).toBe(JSON.stringify(CREATED))
    expect(JSON.parse(written?.journalText ?? '')).toEqual(redactJson(CREATED))
    for (const token of Object.values(CREATED.tokens))
      expect(written?.journalText).not.toContain(token)
  })

  it('masks the tokens field itself when another field spells its text (a name quoting it)', () => {
    const quoting = {
      ...CREATED,
      worker: { ...CREATED.worker, name: `"tokens":${JSON.stringify(CREATED.tokens)}` },
    }
    const written = writeWithJournalCopy('createWorker', 201, quoting)
    expect(written?.text).toBe(JSON.stringify(quoting))
    expect(JSON.parse(written?.journalText ?? '')).toEqual(redactJson(quoting))
  })

  it('masks a field whose schema names no fields (the spec leaves a provider loose)', () => {
    const written = writeWithJournalCopy('updateLlmProvider', 200, PROVIDER)
    expect(written?.text).toBe(JSON.stringify(PROVIDER))
    expect(JSON.parse(written?.journalText ?? '')).toEqual(redactJson(PROVIDER))
    expect(written?.journalText).not.toContain('loose-secret-5678')
    // Public by the secrets policy: the provider's last four characters are meant to be seen.
    expect(written?.journalText).toContain('"apiKeyLastFour":"wxyz"')
  })

  it('keeps a loose field that holds no secret as the answer has it, and hands out nothing', () => {
    const plain = {
      llmProvider: { id: 'lpr_x', hasApiKey: false, apiKeyLastFour: null, modelIds: ['m'] },
    }
    const written = writeWithJournalCopy('updateLlmProvider', 200, plain)
    expect(written?.journalText).toBe(JSON.stringify(plain))
    expect(JSON.parse(written?.journalText ?? '')).toEqual(redactJson(plain))
    expect(written?.handedOut).toEqual([])
  })

  it('leaves an answer with a field its schema does not name, or another status, to the journal', () => {
    expect(writeWithJournalCopy('createWorker', 201, { ...CREATED, apiKey: 'sk-1' })).toBe(
      undefined,
    )
    expect(writeWithJournalCopy('createWorker', 404, CREATED)).toBe(undefined)
    expect(writeWithJournalCopy('updateWorker', 200, [CREATED])).toBe(undefined)
  })
})
