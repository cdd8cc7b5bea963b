import { isIP, connect as netConnect, type Socket } from 'node:net'
import { connect as tlsConnect } from 'node:tls'
import type { Client } from './client.js'
import { ContractError } from './contract-error.js'
import { isAmbiguousReset } from './transport-error.js'

/**
 * Whether anything at all comes back to a plain `GET` on a fresh connection (no credentials
 * sent). Tells a server that resets or closes in the middle of its answer (it answers badly: a
 * finding) from one that resets every connection before a byte (nothing to judge).
 */
const answersAnything = (baseUrl: string, timeoutMs: number): Promise<boolean> =>
  new Promise((resolve) => {
    const url = new URL(baseUrl)
    const isTls = url.protocol === 'https:'
    const host = url.hostname.replace(/^\[|\]$/g, '')
    const port = Number(url.port || (isTls ? 443 : 80))
    const socket: Socket = isTls
      ? tlsConnect({ host, port, ...(isIP(host) ? {} : { servername: host }) })
      : netConnect({ host, port })
    let timer: NodeJS.Timeout | undefined
    const done = (answered: boolean) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(answered) // a promise settles once: later calls do nothing
    }
    timer = setTimeout(() => done(false), timeoutMs)
    socket.once(isTls ? 'secureConnect' : 'connect', () => {
      const path = `${url.pathname.replace(/\/+$/, '')}/`
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`)
    })
    socket.once('data', () => done(true))
    socket.once('error', () => done(false))
    socket.once('close', () => done(false))
  })

export type ProbeOptions = {
  readonly baseUrl: string
  readonly timeoutMs: number
  /** An injected transport (a Hono app in-process): no socket to probe. */
  readonly isInProcess: boolean
  /** Masks credentials in the error (a transport may quote a header value). */
  readonly redact: (text: string) => string
}

/**
 * The first request of a run (`GET /`). Throws `E_UNREACHABLE` when nothing answered at all:
 * connection refused, no such host, no answer in time, or every connection reset before a byte.
 * A server that answers badly (headers over the limit, not HTTP, reset mid-answer) is reachable:
 * its answers are findings.
 */
export const probeTarget = async (client: Client, options: ProbeOptions): Promise<void> => {
  const { error } = await client.send({ method: 'GET', path: '/' })
  if (error === undefined || error.stage !== 'connect' || error.kind === 'malformed') return
  if (
    isAmbiguousReset(error) &&
    !options.isInProcess &&
    (await answersAnything(options.baseUrl, options.timeoutMs))
  )
    return
  throw new ContractError(
    `[worker-api-kit] cannot reach ${options.redact(options.baseUrl)}: ${options.redact(error.message)}. Is the server running?`,
    'E_UNREACHABLE',
  )
}
