import type { AllowedHosts, CorsPolicy } from '../server/index.js'
import type { ScenarioInput } from './scenario.js'

type MockLimits = {
  /** Workers kept per session; the oldest is dropped past it. Default 10 000. */
  maxWorkers?: number
  /** Sessions kept; the least recently used is dropped past it. Default 100. */
  maxSessions?: number
  /**
   * Journal entries the default session keeps, and the other sessions together (the one holding
   * the most gives up its oldest first); the oldest go first. Default 1 000.
   */
  maxJournal?: number
  /** Bytes of workers kept per session; the oldest is dropped past it. Default 8 MiB. */
  maxSessionBytes?: number
  /** Bytes of workers kept over all sessions; the least recently used sessions go first. Default 256 MiB. */
  maxTotalBytes?: number
}

export type MockAppOptions = {
  /** Seeds ids, tokens and faker data: the same seed and requests give the same answers. Default 1. */
  seed?: number
  /** The time in ms since the epoch; fix it in tests. Default `Date.now`. */
  clock?: () => number
  /**
   * Which web pages may call the mock: `'loopback'` (pages on localhost, 127.x or [::1], any
   * port), `'*'` (any page, API only, no credentials), one origin or a list (API and admin API,
   * with credentials), or `false` for no CORS headers. Default `'loopback'`.
   */
  cors?: CorsPolicy | string
  /**
   * Host names the mock answers over the network besides loopback names and IP addresses (a
   * leading dot allows subdomains), or `true` for any. Default: none.
   */
  allowedHosts?: AllowedHosts
  /** The admin API (`/__mock/*`) requires this token: `Authorization: Bearer T` or `x-mock-admin-token: T`. */
  adminToken?: string
  /** Receives one line per request: method, path, status, milliseconds. Never a body or header. */
  log?: (line: string) => void
  /** Bounds of the in-memory state. */
  limits?: MockLimits
  /** The scenario every session starts with: a shipped name, a file path, or a scenario object. Default `default`. */
  scenario?: string | ScenarioInput
  /** More scenarios, by name, for `x-mock-scenario` and `PUT /__mock/scenario`. */
  scenarios?: readonly ScenarioInput[]
  /** Require `Authorization: Bearer <token>` whatever the scenario says (the admin API too). */
  auth?: boolean
  /**
   * The app's real backend (`--passthrough URL`, an http(s) URL without credentials, query or
   * fragment): a request for a method and path the mock does not declare goes there, journalled
   * and masked, marked `source: 'passthrough'`. Default: none (such a request gets a 404 problem).
   */
  passthrough?: string
  /** How long the backend has to answer a request passed through, answer included. Default 30 000 ms. */
  passthroughTimeoutMs?: number
  /** How the mock waits (scenario latency and hangs). Tests can record instead of waiting. */
  sleep?: (ms: number) => Promise<void>
}
