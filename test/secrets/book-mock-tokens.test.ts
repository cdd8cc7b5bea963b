import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { createSecretBook, REDACTED } from '../../src/secrets/index.js'
import { send } from '../helpers/send.js'

// The mock's own tokens are credentials by their shape: a book masks every one of them once it has
// seen one, and files none, so a create storm neither evicts what the book learned before (an
// API key's base64 form) nor slows every later search (the regression of issue 34's learning).

const KEY = 'sk-live-9f2c4b7a1e6d3c8b5a0f2e4d6c8b1a3f'
const mockToken = (i: number) => `wko_${i.toString(36).padStart(32, 'x').slice(-32)}`

describe("a secret book and the mock's tokens", () => {
  it('masks any mock token wherever it stands, once it has seen one', () => {
    const book = createSecretBook()
    expect(book.mask(`seen ${mockToken(1)}`)).toBe(`seen ${mockToken(1)}`) // nothing learnt yet
    book.learnJson({ tokens: { owner: mockToken(1) } })
    expect(book.mask(`{"note":"${mockToken(2)}","path":"/x/${mockToken(3)}"}`)).toBe(
      `{"note":"${REDACTED}","path":"/x/${REDACTED}"}`,
    )
  })

  it('finds a token in every form at the edges of a run: padded, after `=`, at either end of the text', () => {
    const book = createSecretBook()
    book.learnJson({ tokens: { owner: mockToken(1) } })
    const token = mockToken(7)
    const b64 = (text: string) => Buffer.from(text).toString('base64')
    const hex = Buffer.from(token).toString('hex')
    const forms = [
      token,
      `?access=${token}&x=1`,
      `${b64(`u:${token}`)}`, // padded: its '=' belongs to the run
      `Basic ${b64(`user:${token}`)}==`,
      `a=${b64(`${token}!`)};b`,
      `id=${hex}`,
      `x${hex}y`,
      `&#${[...token].map((c) => c.charCodeAt(0)).join(';&#')};`,
      `%${[...token].map((c) => c.charCodeAt(0).toString(16)).join('%')}`,
      `${token.toUpperCase()}=${token}`,
    ]
    for (const form of forms) {
      const masked = book.mask(form)
      expect(masked, form).toContain(REDACTED)
      expect(masked, form).not.toContain(token.slice(4))
      expect(masked.toLowerCase(), form).not.toContain(token.toLowerCase())
    }
  })

  it('keeps every form of what it learnt before through thousands of handed-out tokens', () => {
    const book = createSecretBook()
    book.learn([KEY])
    for (let i = 0; i < 3_000; i++) book.learnJson({ tokens: { owner: mockToken(i) } })
    const base64 = Buffer.from(KEY).toString('base64')
    expect(book.mask(`key ${base64} end`)).toBe(`key ${REDACTED} end`)
    expect(book.mask(`key ${encodeURIComponent(`"${KEY}"`)} end`)).not.toContain(KEY)
  })

  it('masks a token the mock handed out when a later request sends it back, in any field', async () => {
    const app = createMockApp()
    const created = await send(app, 'POST', '/v1/workers', { name: 'a', destination: 'local' })
    const { owner } = (created.body as { tokens: { owner: string } }).tokens
    await send(app, 'PATCH', `/v1/workers/${owner}`, { name: `token ${owner}` })
    const journal = JSON.stringify(app.control.journal.list())
    expect(journal).not.toContain(owner)
    expect(journal).toContain(REDACTED)
  })
})
