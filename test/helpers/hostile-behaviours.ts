// What a hostile test server does with a request it applies to, one entry per behaviour. Builders
// only: no assertions here. `startHostileServer` (hostile-server.ts) picks one of these.
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

export type HostileBehaviour =
  | 'hang'
  | 'reset'
  | 'endless'
  | 'truncated'
  | 'non-json'
  | 'wrong-content-type'
  | 'rate-limited'
  | 'many-tokens'
  | 'deep-json'
  | 'big-json'
  | 'many-headers'
  | 'big-header'
  | 'malformed-http'
  | 'reset-mid-answer'
  | 'terminal-escapes'

/** Answers a request the way a Hono app does: `app.fetch`. */
export type FetchHandler = (request: Request) => Response | Promise<Response>

export type HostileOptions = {
  /** Which requests get the behaviour; the others go to `handler`. Default: every request. */
  readonly appliesTo?: (request: IncomingMessage) => boolean
  /** Serves the spared requests and, for 'rate-limited', those after the first N. Default: 200 {}. */
  readonly handler?: FetchHandler
  /** 'rate-limited': how many requests get a 429 before `handler` answers. Default 2. */
  readonly limitedRequests?: number
  /** 'rate-limited': the `Retry-After` value of each 429. Default '1'. */
  readonly retryAfter?: string
  /** 'endless': bytes per chunk. Default 256. */
  readonly chunkBytes?: number
  /** 'endless': ms between chunks. Default 10 (so about 25 KiB/s). */
  readonly intervalMs?: number
  /** 'many-tokens': token-named fields per answer, each with a fresh value. Default 1 000. */
  readonly tokenFields?: number
  /** 'deep-json': nesting depth of the answer (2 bytes a level). Default 500 000 (1 MB). */
  readonly depth?: number
  /** 'big-json': size of the answer in bytes. Default 4 MiB. */
  readonly bytes?: number
}

export const OK_JSON: FetchHandler = () => Response.json({})

export type Context = {
  readonly options: HostileOptions
  /** 1-based number of this request among those the behaviour applies to. */
  readonly nth: number
  readonly forward: (req: IncomingMessage, res: ServerResponse) => void
  readonly timers: Set<NodeJS.Timeout>
}

type Behave = (req: IncomingMessage, res: ServerResponse, context: Context) => void

/** 'truncated' announces this many bytes and sends the first 40 of a JSON body. */
const TRUNCATED_LENGTH = 100
const TRUNCATED_PART = JSON.stringify({ worker: { name: 'x'.repeat(TRUNCATED_LENGTH) } }).slice(
  0,
  40,
)

/**
 * Text that drives a terminal printed as it is: sets the clipboard (OSC 52), clears the screen,
 * a hidden hyperlink (OSC 8), a one-byte CSI (0x9b), a bell, and bidi overrides and isolates and
 * zero-width characters that make text read other than it is.
 */
export const TERMINAL_ESCAPES =
  '\x1b]52;c;aGFja2Vk\x07\x1b[2J\x1b[H\x1b]8;;http://evil.example/\x07click\x1b]8;;\x07\u009b31m\u202eevil\u202c\u2066x\u2069\u200bz\u200f\r'

/**
 * What of them a header value can carry past an HTTP parser (llhttp refuses C0 controls there):
 * the C1 CSI and the bidi and zero-width characters, as UTF-8 bytes.
 */
const HEADER_ESCAPES = '\u009b31m\u202eevil\u202c\u2066x\u2069\u200bz'

/** Writes `raw` bytes on the socket, bypassing node's HTTP framing, then ends the connection. */
const writeRaw = (req: IncomingMessage, raw: string | Buffer) => {
  req.resume()
  req.socket.end(raw)
}

const jsonAnswer = (req: IncomingMessage, res: ServerResponse, body: string | Buffer) => {
  req.resume()
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(body)
}

/** What each behaviour does with a request it applies to. */
export const BEHAVIOURS: Readonly<Record<HostileBehaviour, Behave>> = {
  // Reads the request and never answers; `close()` destroys the socket.
  hang: (req) => {
    req.resume()
  },
  // An RST as soon as the request is parsed: the client sees ECONNRESET, not an HTTP answer.
  reset: (req) => {
    req.socket.resetAndDestroy()
  },
  // A JSON array that never ends, a chunk every intervalMs, honouring backpressure.
  endless: (req, res, { options, timers }) => {
    req.resume()
    res.writeHead(200, { 'content-type': 'application/json' })
    res.write('[')
    const chunk = '0,'.repeat(Math.max(1, Math.floor((options.chunkBytes ?? 256) / 2)))
    let isBlocked = false
    const timer = setInterval(() => {
      if (isBlocked || res.destroyed) return
      isBlocked = !res.write(chunk)
    }, options.intervalMs ?? 10)
    timers.add(timer)
    res.on('drain', () => {
      isBlocked = false
    })
    res.on('close', () => {
      clearInterval(timer)
      timers.delete(timer)
    })
  },
  // Announces 100 bytes, sends 40, then ends the connection.
  truncated: (req, res) => {
    req.resume()
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': String(TRUNCATED_LENGTH),
    })
    res.write(TRUNCATED_PART, () => res.socket?.end())
  },
  'non-json': (req, res) => {
    req.resume()
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end('<html>oops</html>')
  },
  // Valid JSON, labelled as plain text.
  'wrong-content-type': (req, res) => {
    req.resume()
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end(JSON.stringify({ worker: { id: 'wrk_0', name: 'plain' } }))
  },
  // The first N requests get a 429 with Retry-After; the later ones reach the handler.
  'rate-limited': (req, res, { options, nth, forward }) => {
    if (nth > (options.limitedRequests ?? 2)) return forward(req, res)
    req.resume()
    res.writeHead(429, {
      'content-type': 'application/json',
      'retry-after': options.retryAfter ?? '1',
    })
    res.end(JSON.stringify({ title: 'Too Many Requests' }))
  },
  // Every answer hands out fresh secrets under token-like names: a run remembers each of them.
  'many-tokens': (req, res, { options }) => {
    const fields = Array.from({ length: options.tokenFields ?? 1_000 }, (_, i) => [
      `accessToken${i}`,
      `tok-${randomBytes(16).toString('hex')}`,
    ])
    jsonAnswer(req, res, JSON.stringify({ worker: { id: 'wrk_0' }, ...Object.fromEntries(fields) }))
  },
  // `[[[[…]]]]`: valid JSON, nested `depth` levels.
  'deep-json': (req, res, { options }) => {
    const depth = options.depth ?? 500_000
    jsonAnswer(req, res, Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`))
  },
  // One object whose string value fills `bytes`.
  'big-json': (req, res, { options }) => {
    const size = Math.max(0, (options.bytes ?? 4 * 1024 * 1024) - 12)
    jsonAnswer(req, res, Buffer.from(`{"data":"${'x'.repeat(size)}"}`))
  },
  // 100 000 header lines: more than any client's header limit.
  'many-headers': (req) => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `x-h${i}: v\r\n`).join('')
    writeRaw(req, `HTTP/1.1 200 OK\r\n${lines}content-length: 2\r\n\r\n{}`)
  },
  // One header of 1 MB.
  'big-header': (req) => {
    writeRaw(
      req,
      `HTTP/1.1 200 OK\r\nx-big: ${'a'.repeat(1024 * 1024)}\r\ncontent-length: 2\r\n\r\n{}`,
    )
  },
  // Bytes that are not HTTP at all.
  'malformed-http': (req) => {
    writeRaw(req, 'HELLO WORLD\r\n\r\n')
  },
  // The escapes everywhere an answer has text: the status text, a header value, a problem's
  // title (JSON-escaped) and, on every other request, a body that is not JSON (raw).
  'terminal-escapes': (req, _res, { nth }) => {
    const body =
      nth % 2 === 0
        ? `not json ${TERMINAL_ESCAPES}`
        : JSON.stringify({
            title: `Bad ${TERMINAL_ESCAPES}`,
            status: 500,
            detail: TERMINAL_ESCAPES,
          })
    const bytes = Buffer.from(body)
    writeRaw(
      req,
      Buffer.concat([
        Buffer.from(
          `HTTP/1.1 500 Oops ${TERMINAL_ESCAPES.replaceAll('\r', '')}\r\ncontent-type: ${nth % 2 === 0 ? 'text/plain' : 'application/problem+json'}\r\nx-note: ${HEADER_ESCAPES}\r\ncontent-length: ${bytes.length}\r\nconnection: close\r\n\r\n`,
        ),
        bytes,
      ]),
    )
  },
  // A status line and a header, then an RST before the headers end.
  'reset-mid-answer': (req, _res, { timers }) => {
    req.resume()
    req.socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n')
    const timer = setTimeout(() => {
      timers.delete(timer)
      req.socket.resetAndDestroy()
    }, 20)
    timers.add(timer)
  },
}
