// The one book of secrets (issue 32, items 1–3): learnt from every carrier the policy lists, found
// again in every form, glued to other text, whatever the number learnt; nothing public learnt.
import { describe, expect, it } from 'vitest'
import { createSecretBook, REDACTED } from '../../src/secrets/index.js'

const SECRET = 'Zq7PmW2xKc9RtY4vNb6H'
const b64 = (text: string) => Buffer.from(text).toString('base64')
const hex = (text: string) => Buffer.from(text).toString('hex')

const learntFrom = (teach: (book: ReturnType<typeof createSecretBook>) => void) => {
  const book = createSecretBook()
  teach(book)
  return book
}

describe('a secret book finds what it learnt', () => {
  const book = learntFrom((b) => b.learn([SECRET]))
  it.each([
    ['whole', SECRET],
    ['glued to letters and digits', `x${SECRET}9`],
    ['upper-cased', SECRET.toUpperCase()],
    ['percent-encoded byte by byte', hex(SECRET).replace(/../g, '%$&')],
    ['hex', hex(SECRET).toUpperCase()],
    ['base64 after "u:"', b64(`u:${SECRET}`)],
    ['base64 after one byte', b64(`.${SECRET}!`)],
    ['HTML references', [...SECRET].map((c) => `&#${c.charCodeAt(0)};`).join('')],
    [
      '\\u escapes',
      [...SECRET].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    ],
  ])('%s', (_form, text) => {
    const masked = book.mask(`before ${text} after`)
    expect(masked).toContain(REDACTED)
    expect(masked).toMatch(/^before .*after$/)
    expect(masked.toLowerCase()).not.toContain(SECRET.toLowerCase().slice(0, 10))
  })

  it('learns the first 64 new secrets of one text in every form, the rest as themselves', () => {
    const many = createSecretBook()
    const tokens = Array.from({ length: 1_000 }, (_, i) => `tok${i}-${SECRET}`)
    many.learn(tokens)
    expect(many.mask(b64(`u:${tokens[63]}`))).toContain(REDACTED)
    expect(many.mask(`x${tokens[999]?.toUpperCase()}y`)).toBe(`x${REDACTED}y`)
    // Learnt again, in a text of its own: now in every form too.
    many.learn([tokens[999] ?? ''])
    expect(many.mask(b64(`u:${tokens[999]}`))).toContain(REDACTED)
  })

  it('keeps every form of its newest secrets whatever their number', () => {
    const many = createSecretBook()
    const tokens = Array.from({ length: 300 }, (_, i) => `tok${i}-${SECRET}`)
    // One at a time, as answers bring them.
    for (const token of tokens) many.learn([token])
    for (const token of tokens.slice(-50))
      expect(many.mask(b64(`u:${token}`)), token).toContain(REDACTED)
  })
})

describe('a secret book learns from every carrier', () => {
  const cases: [string, (b: ReturnType<typeof createSecretBook>) => void, string][] = [
    [
      'a Bearer header, its token alone',
      (b) => b.learnHeaders([['authorization', `Bearer ${SECRET}`]]),
      SECRET,
    ],
    [
      'an AWS signature parameter',
      (b) =>
        b.learnHeaders([
          [
            'authorization',
            `AWS4-HMAC-SHA256 Credential=AKIA/x, SignedHeaders=host, Signature=${SECRET}`,
          ],
        ]),
      SECRET,
    ],
    [
      'a webhook signature',
      (b) => b.learnHeaders([['x-hub-signature-256', `sha256=${SECRET}`]]),
      SECRET,
    ],
    [
      'a DPoP proof, its signature alone',
      (b) => b.learnHeaders([['dpop', `eyJ0eXAiOiJkcG9wK2p3dCJ9.eyJodG0iOiJQT1NUIn0.${SECRET}`]]),
      SECRET,
    ],
    [
      'one cookie of several',
      (b) => b.learnHeaders([['cookie', `theme=dark; sid=${SECRET}`]]),
      SECRET,
    ],
    [
      'the second line of a Set-Cookie',
      (b) => b.learnHeaders([['set-cookie', `a=b1234567\nsid=${SECRET}; HttpOnly`]]),
      SECRET,
    ],
    [
      "a Location URL's password",
      (b) => b.learnHeaders([['location', `https://bob:${SECRET}@example.com/cb`]]),
      SECRET,
    ],
    [
      'a JWT in a path segment',
      (b) => b.learnText(`/files/eyJhbGciOiJIUzI1NiJ9.e30.${SECRET}`),
      SECRET,
    ],
    [
      'a GraphQL inline argument',
      (b) =>
        b.learnText(
          JSON.stringify({ query: `mutation { signIn(user: "a", password: "${SECRET}") }` }),
        ),
      SECRET,
    ],
    [
      'JSON inside a JSON string, twice',
      (b) =>
        b.learnText(
          JSON.stringify({
            payload: JSON.stringify({ inner: JSON.stringify({ client_secret: SECRET }) }),
          }),
        ),
      SECRET,
    ],
    ['a form field', (b) => b.learnText(`grant_type=x&client_assertion=${SECRET}&scope=a`), SECRET],
    [
      'a multipart part',
      (b) =>
        b.learnText(
          `--B\r\nContent-Disposition: form-data; name="api_key"\r\n\r\n${SECRET}\r\n--B--`,
        ),
      SECRET,
    ],
    [
      "a token call's answer",
      (b) => b.learnJson({ access_token: SECRET, token_type: 'Bearer' }),
      SECRET,
    ],
    [
      'a text line',
      (b) => b.learnText(`source: custom\nAuthorization: Bearer ${SECRET}\n`),
      SECRET,
    ],
  ]
  it.each(cases)('%s', (_carrier, teach, secret) => {
    expect(learntFrom(teach).mask(`echo ${secret.toUpperCase()}!`)).toBe(`echo ${REDACTED}!`)
  })
})

describe('a secret book leaves public values alone', () => {
  it('learns no scheme word, no id, no flag and nothing too short', () => {
    const book = learntFrom((b) => {
      b.learnJson({ token: 'Bearer', tokenType: 'Bearer', password: 'hunt', hasSecret: true })
      b.learnHeaders([
        ['cookie', 'wid=wrk_01kdvdna00ezebs8vrjvkdzfyj'],
        ['x-org-token', 'org_01kdvdna00ezebs8vrjvkdzfyj'],
        ['access-control-allow-credentials', 'true'],
      ])
      b.learnText('token_type=Bearer&expires_in=3600')
    })
    const text = 'Bearer hunt wrk_01kdvdna00ezebs8vrjvkdzfyj org_01kdvdna00ezebs8vrjvkdzfyj true'
    expect(book.mask(text)).toBe(text)
    expect(book.isEmpty()).toBe(true)
  })
})
