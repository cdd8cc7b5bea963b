// What the contract reports mask: the user's credentials in every form they can come back in,
// secrets a server hands out as whole tokens, and nothing of the suite's own test values.
import { describe, expect, it } from 'vitest'
import { curlFor } from '../../src/contract/curl.js'
import { createRedactor } from '../../src/contract/redactor.js'
import { cookieValuesOf } from '../../src/secrets/cookie-values.js'
import { credentialForms } from '../../src/secrets/credential-forms.js'
import { createFormFilter, createFormIndex, maskForms } from '../../src/secrets/form-index.js'
import { createSecretBook } from '../../src/secrets/index.js'
import { REDACTED } from '../../src/secrets/redact.js'

const TOKEN = 'tok-PLANTED/9f+3c=a1'
const USER = 'ci-robot'
const PASSWORD = 'PLANTED-pass:w0rd'
const BASIC = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`
const KEY = 'PLANTED-KEY-5e6f7a'

/** Every part that must not come back in clear, and the text it may come back in. */
const ECHOES: readonly [string, string, string][] = [
  ['the whole header value', `Bearer ${TOKEN}`, `{"echo":"Bearer ${TOKEN}"}`],
  ['the bare token', `Bearer ${TOKEN}`, `{"user":"${TOKEN}"}`],
  ['the token in prose', `Bearer ${TOKEN}`, `token ${TOKEN} is not valid here`],
  ['the token URL-encoded', `Bearer ${TOKEN}`, `?next=${encodeURIComponent(TOKEN)}`],
  ['the header URL-encoded', `Bearer ${TOKEN}`, `?auth=${encodeURIComponent(`Bearer ${TOKEN}`)}`],
  ['the token JSON-escaped', `Bearer ${TOKEN}`, JSON.stringify({ t: `a"${TOKEN}` })],
  ['the token with escaped slashes', `Bearer ${TOKEN}`, `{"t":"${TOKEN.replace('/', '\\/')}"}`],
  ['the token HTML-escaped', `Bearer a&${TOKEN}`, `<p>a&amp;${TOKEN}</p>`],
  ['the token in base64', `Bearer ${TOKEN}`, Buffer.from(TOKEN).toString('base64')],
  ['the Basic credential decoded', BASIC, `{"login":"${USER}:${PASSWORD}"}`],
  ['the Basic password alone', BASIC, `{"password":"x","note":"${PASSWORD}"}`],
  ['the Basic user alone', BASIC, `{"note":"hello ${USER}"}`],
  ['a bare key', KEY, `{"clientKey":"${KEY}"}`],
  ['a bare key inside a word', KEY, `prefix${KEY}suffix`],
  ['a doubly encoded key', KEY, `?k=${encodeURIComponent(encodeURIComponent(`x ${KEY}`))}`],
]

const secretParts = (credential: string) =>
  credential === BASIC ? [USER, PASSWORD, BASIC.slice(6)] : [credential.replace(/^Bearer /, '')]

describe('createRedactor', () => {
  it.each(ECHOES)('masks %s in an answer', (_form, credential, answer) => {
    const redactor = createRedactor([credential])

    const masked = redactor.response(answer)

    for (const part of secretParts(credential)) expect(masked).not.toContain(part)
    expect(masked).toContain(REDACTED)
  })

  it.each(ECHOES)('masks %s in a JSON answer', (_form, credential, answer) => {
    const redactor = createRedactor([credential])

    const masked = redactor.responseJson({ echoed: answer })

    for (const part of secretParts(credential)) expect(masked).not.toContain(part)
  })

  it('masks a credential in what the suite sent and keeps the rest of the request as it was', () => {
    const redactor = createRedactor([`Bearer ${TOKEN}`])
    const body = `{"apiKey":"commodo","note":"${TOKEN}"}`

    expect(redactor.request(body)).toBe(`{"apiKey":"commodo","note":"${REDACTED}"}`)
  })

  it('masks a generated key where an answer echoes it whole, not inside other text', () => {
    const redactor = createRedactor()

    const masked = redactor.responseJson(
      { echoedKey: 'commodo', customConfigText: 'in ex commodo cillum', apiKey: 'commodo' },
      new Set(['commodo']),
    )

    expect(JSON.parse(masked)).toEqual({
      echoedKey: `${REDACTED} (7 chars)`,
      customConfigText: 'in ex commodo cillum',
      apiKey: `${REDACTED} (7 chars)`,
    })
  })

  it('masks a token the server handed out wherever it comes back later, glued to other text and encoded too', () => {
    const redactor = createRedactor()
    const token = 'tok-1a2b3c4d5e6f'

    redactor.book.learn([token])

    expect(redactor.response(`{"owner":"${token}"} Bearer ${token}.`)).not.toContain(token)
    expect(redactor.response(`x${token}9`)).toBe('x[REDACTED]9')
    expect(redactor.response(btoa(`u:${token}`))).not.toContain(btoa(token).slice(2, 12))
    // The suite's own request texts keep what it learnt from answers: a curl line reproduces.
    expect(redactor.request(`x${token}`)).toBe(`x${token}`)
  })
})

describe('credentialForms', () => {
  it('leaves out forms too short to search for', () => {
    expect(credentialForms('abc')).toEqual([])
  })

  it('lists the longest form first', () => {
    const forms = credentialForms(`Bearer ${TOKEN}`)
    expect(forms[0]?.length).toBe(Math.max(...forms.map((f) => f.length)))
  })

  it('lists the forms of a key with an unpaired surrogate, which no URL can carry, without throwing', () => {
    const forms = credentialForms('apiKey a\ud800b-0123')
    expect(forms).toContain('apiKey a\ud800b-0123')
    expect(forms.some((form) => form.includes('%'))).toBe(false)
  })
})

describe('a secret book given a credential', () => {
  const KEY = 'sk-PLANTED-Key42'
  const unitEscaped = (text: string, upper: boolean) =>
    [...text]
      .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .map((unit) => (upper ? unit.toUpperCase().replace('\\U', '\\u') : unit))
      .join('')
  const everyByte = (text: string) =>
    [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')
  it.each([
    ['in lower case', KEY.toLowerCase()],
    ['in upper case', KEY.toUpperCase()],
    ['with every character \\u-escaped', unitEscaped(KEY, false)],
    ['with every character \\u-escaped in capitals', unitEscaped(KEY, true)],
    ['with every byte percent-encoded', everyByte(KEY)],
    ['with every byte percent-encoded in capitals', everyByte(KEY).toUpperCase()],
  ])('masks a credential echoed %s', (_how, echoed) => {
    const book = createSecretBook()
    book.learn([KEY])
    expect(book.mask(`was ${echoed}.`)).toBe(`was ${REDACTED}.`)
  })
})

describe('cookieValuesOf', () => {
  it('lists a quoted, percent-encoded cookie also as a server reads it back', () => {
    expect(cookieValuesOf('sid="a%2Bb%2Fc%3D0123"')).toEqual([
      '"a%2Bb%2Fc%3D0123"',
      'a%2Bb%2Fc%3D0123',
      'a+b/c=0123',
    ])
  })

  it('reads a Set-Cookie for its value only, not its attributes', () => {
    expect(
      cookieValuesOf('sid=s3ss10n-0123456789; Path=/; HttpOnly; SameSite=Strict', true),
    ).toEqual(['s3ss10n-0123456789'])
  })

  it('lists each cookie of a Cookie header as long as a session id, not a short one', () => {
    const sid = 's3ss10n-0123456789abcdef'
    expect(cookieValuesOf(`sid=${sid}; theme=dark;csrf= c5rf-token-987654`)).toEqual([
      sid,
      'c5rf-token-987654',
    ])
  })
})

describe('createFormIndex', () => {
  it('keeps forms up to its bound and forgets the oldest secret first', () => {
    const index = createFormIndex(100)
    const values = Array.from(
      { length: 12 },
      (_, i) => `tok-${String(i).padStart(2, '0')}-abcdefgh`,
    )
    for (const value of values) index.add(value, [value])

    expect(index.size()).toBeLessThanOrEqual(100)
    expect(values.filter((v) => index.has(v))).toEqual(values.slice(-6))
    expect(index.mask(`${values[0]} ${values[11]}`)).toBe(`${values[0]} ${REDACTED}`)
  })

  it('keeps a day of tokens as themselves (30 000 of 128 characters)', () => {
    const index = createFormIndex(4 * 1024 * 1024)
    const values = Array.from({ length: 30_000 }, (_, i) => `tok-${i}-`.padEnd(128, 'x'))
    for (const value of values) index.add(value, [value])

    expect(values.filter((v) => !index.has(v))).toEqual([])
    expect(index.mask(`"${values[0]}","${values[29_999]}"`)).toBe(`"${REDACTED}","${REDACTED}"`)
  })

  it('files a secret seen again as the newest, and the forms it brings later', () => {
    const index = createFormIndex(40)
    index.add('tok-aaaaaaaaaaaa', ['tok-aaaaaaaaaaaa'])
    index.add('tok-bbbbbbbbbbbb', ['tok-bbbbbbbbbbbb'])
    index.add('tok-aaaaaaaaaaaa', ['tok-aaaaaaaaaaaa'])
    index.add('tok-cccccccccccc', ['tok-cccccccccccc'])

    expect(index.has('tok-aaaaaaaaaaaa')).toBe(true)
    expect(index.has('tok-bbbbbbbbbbbb')).toBe(false)
  })

  it('forgets a form two secrets share only with the last of them', () => {
    const index = createFormIndex(1_000)
    index.add('first-secret-1', ['first-secret-1', 'shared-form-xyz'])
    index.add('second-secret-2', ['second-secret-2', 'shared-form-xyz'])
    const small = createFormIndex(45)
    small.add('first-secret-1', ['first-secret-1', 'shared-form-xyz'])
    small.add('second-secret-2', ['second-secret-2', 'shared-form-xyz'])

    expect(small.has('first-secret-1')).toBe(false)
    expect(small.mask('shared-form-xyz first-secret-1')).toBe(`${REDACTED} first-secret-1`)
  })

  it('masks every filed token of a large text in one pass, glued or not, in any case', () => {
    const index = createFormIndex(4 * 1024 * 1024)
    const values = Array.from({ length: 30_000 }, (_, i) => `tok-${i}-abcdefgh`)
    for (const value of values) index.add(value, [value])
    const text = values.map((v, i) => (i % 2 ? `"${v}"` : `x${v.toUpperCase()}`)).join(',')

    const masked = index.mask(text)

    expect(masked).toBe(values.map((_, i) => (i % 2 ? `"${REDACTED}"` : `x${REDACTED}`)).join(','))
  })

  it('masks what either of two indexes sharing a filter holds in one pass, overlaps as one', () => {
    const filter = createFormFilter()
    const whole = createFormIndex(1_000, filter)
    const forms = createFormIndex(1_000, filter)
    whole.add('secret-one-1234', ['secret-one-1234'])
    forms.add('secret-two-5678', ['secret-two-5678', '7365637265742d74'])
    // The same form in both, filed and forgotten in one: the other still finds it.
    whole.add('shared-abcdef', ['shared-abcdef'])
    forms.add('shared-abcdef', ['shared-abcdef'])

    expect(maskForms('a secret-one-1234 b 7365637265742D74 c', [whole, forms])).toBe(
      `a ${REDACTED} b ${REDACTED} c`,
    )
    // Overlapping occurrences, one from each index: one mask over both.
    forms.add('secret-three-9', ['secret-three-9', '1234-tail-xy'])
    expect(maskForms('<secret-one-1234-tail-xy>', [whole, forms])).toBe(`<${REDACTED}>`)
    expect(maskForms('secret-one-12secret-two-5678', [whole, forms])).toBe(
      `secret-one-12${REDACTED}`,
    )
    expect(maskForms('a shared-abcdef b', [whole, forms])).toBe(`a ${REDACTED} b`)
    expect(maskForms('nothing here at all', [whole, forms])).toBe('nothing here at all')
  })

  it('refuses to search indexes that do not share a filter (one would go unread)', () => {
    const one = createFormIndex(1_000)
    const other = createFormIndex(1_000)
    one.add('secret-one-1234', ['secret-one-1234'])
    other.add('secret-two-5678', ['secret-two-5678'])

    expect(() => maskForms('secret-two-5678', [one, other])).toThrow(/share one filter/)
  })
})

describe('curlFor', () => {
  it.each([
    'Authorization',
    'X-Api-Key',
    'X-Auth-Key',
    'X-Access-Key',
    'X-Client-Key',
    'X-Auth-Key-Id',
    'X-Auth',
    'X-Signature',
  ])('reads %s from the environment instead of printing it', (name) => {
    const curl = curlFor(
      { method: 'GET', url: 'http://127.0.0.1:1/', headers: { [name.toLowerCase()]: KEY } },
      createRedactor(),
    )

    expect(curl).not.toContain(KEY)
    expect(curl).toContain(`"${name.toLowerCase()}: $${name.toUpperCase().replaceAll('-', '_')}"`)
  })

  it('sends the generated body as it was sent, its apiKey included', () => {
    const body = JSON.stringify({ source: 'custom', apiKey: 'commodo', imageVersion: 'commodo' })

    const curl = curlFor(
      { method: 'PATCH', url: 'http://127.0.0.1:1/v1/x', headers: {}, body },
      createRedactor([`Bearer ${TOKEN}`]),
    )

    expect(curl).toContain(`--data-raw '${body}'`)
  })
})
