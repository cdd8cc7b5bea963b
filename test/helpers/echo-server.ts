// A server that sends the credentials it receives back in every form it can: whole, after its
// scheme, Basic decoded, URL-encoded, base64-encoded, hex, as HTML numeric references, in prose, under names that say nothing of a
// secret, and in response headers. Each answer carries one credential in one form (request n:
// credential n mod C, form n / C mod F), so that every pair fits in some report excerpt. It
// accepts every input with a 200, so the suite's findings quote its answers. Builders only.
import { Hono } from 'hono'
import { startAppServer, type TestServer } from './hostile-server.js'

export type EchoServer = TestServer & {
  /** The headers of every request received, names in lowercase. */
  readonly received: () => readonly Record<string, string>[]
}

/** Headers the server echoes: every one a client could carry a credential in. */
const CREDENTIAL_HEADER = /auth|key|token|secret|cookie|session|signature/i

/** The ways a careless server writes one header value back. */
const FORMS: readonly ((value: string) => unknown)[] = [
  (value) => value,
  (value) => bareOf(value),
  (value) => `token ${bareOf(value)} was refused`,
  (value) => encodeURIComponent(value),
  (value) => encodeURIComponent(bareOf(value)),
  (value) => Buffer.from(bareOf(value)).toString('base64'),
  (value) => ({ list: [basicOf(value)?.pair ?? bareOf(value)] }),
  (value) => basicOf(value)?.user ?? bareOf(value),
  (value) => `password ${basicOf(value)?.pass ?? bareOf(value)}`,
  (value) => Buffer.from(bareOf(value)).toString('hex'),
  (value) => `hex ${Buffer.from(bareOf(value)).toString('hex').toUpperCase()}`,
  (value) => htmlReferences(bareOf(value), 10),
  (value) => `<b>${htmlReferences(bareOf(value), 16)}</b>`,
]

/** Every character as an HTML numeric character reference: `&#115;` or `&#x73;`. */
export const htmlReferences = (value: string, radix: 10 | 16) =>
  [...value]
    .map((c) => `&#${radix === 16 ? 'x' : ''}${(c.codePointAt(0) ?? 0).toString(radix)};`)
    .join('')

/** The credential after its scheme (`Bearer x` → `x`), or the value as it is. */
const bareOf = (value: string) => value.replace(/^\s*\S+\s+/, '')

/** A Basic credential's user and password, when the value is one. */
const basicOf = (value: string) => {
  if (!/^\s*basic\s/i.test(value)) return undefined
  const pair = Buffer.from(bareOf(value), 'base64').toString('utf8')
  const at = pair.indexOf(':')
  return at < 0 ? undefined : { pair, user: pair.slice(0, at), pass: pair.slice(at + 1) }
}

/** How many answers it takes to send every credential in every form once. */
export const echoesNeeded = (credentials: number) => credentials * FORMS.length

/** Starts the echo server on 127.0.0.1 (port 0). */
export const startEchoServer = async (): Promise<EchoServer> => {
  const received: Record<string, string>[] = []
  const app = new Hono().all('*', (c) => {
    const headers = Object.fromEntries(c.req.raw.headers)
    const n = received.push(headers) - 1
    const credentials = Object.entries(headers)
      .filter(([name]) => CREDENTIAL_HEADER.test(name))
      .sort(([a], [b]) => a.localeCompare(b))
    const [, value] = credentials[n % Math.max(1, credentials.length)] ?? ['', '']
    const form = FORMS[Math.floor(n / Math.max(1, credentials.length)) % FORMS.length]
    const echo = form ? form(value) : value
    // Under names that say nothing of a secret: only the values give them away.
    return c.json({ worker: { id: 'wrk_0', note: echo }, echo }, 200, {
      'x-echo': encodeURIComponent(value),
    })
  })
  const server = await startAppServer(app)
  return { ...server, received: () => received }
}
