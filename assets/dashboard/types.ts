// What the admin API answers, as the dashboard reads it.

// A journal entry, its rules and violations: the journal's own types (src/server/journal-entry.ts),
// the page and the server it comes from being one build.
import type { JournalEntry } from '../../src/server/journal-entry.js'

export type {
  JournalEntry,
  JournalRule as Rule,
  JournalViolation as Violation,
} from '../../src/server/journal-entry.js'

/** `held`: how many entries the journal holds for the filters, all pages together. */
export type JournalPage = {
  count: number
  entries: JournalEntry[]
  next: number | null
  held: number
}

export type MockHealth = {
  status: 'ok'
  mode?: 'mock'
  scenario: string
  sessions: number
  orgId?: string
  llmProviderId?: string
  contract?: string
}
export type ProxyHealth = {
  status: 'ok'
  mode: 'proxy'
  target: string
  recording: string | null
  fallback: boolean
}
export type Health = MockHealth | ProxyHealth

export type SessionSummary = { id: string; scenario: string; workers: number; bytes: number }
/** `replacesData`: the scenario declares a state, so a switch to it replaces the session's data. */
export type ScenarioSummary = { name: string; description: string; replacesData?: boolean }

export type WorkerState = {
  worker: { id: string; name?: string; destination?: string; status?: string }
  instance?: { status?: string }
  nextChange?: { at: string; status: string } | null
}
export type SessionState = {
  session: string
  scenario: string
  orgId: string
  llmProviderId: string
  organizations: { id: string; name?: string }[]
  llmProviders: {
    id: string
    providerId?: string | null
    source?: string
    modelIds?: string[]
    customConfigText?: string | null
    hasApiKey?: boolean
    apiKeyLastFour?: string | null
  }[]
  stored: { workers: number; bytes: number; maxWorkers: number; maxBytes: number }
  workers: WorkerState[]
  next: string | null
}

/** A rule as the scenario file writes it: the part the dashboard builds and shows. */
export type RuleBody = {
  description?: string
  match?: { operation?: string; params?: Record<string, string>; body?: Record<string, unknown> }
  times?: number
  respond?: { status: number; body?: unknown; headers?: Record<string, string> }
  problem?: { status: number; title?: string; detail?: string }
  /** Waits this long (ms), or between `min` and `max`, before the rest of the rule. */
  latency?: number | { min: number; max: number }
  /** `reset` drops the connection; `truncate` cuts the answer mid-body; `hang` waits, then answers. */
  fault?: 'reset' | 'hang' | 'truncate'
  [other: string]: unknown
}
/** `GET /__mock/rules`: runtime rules first (they apply first), then the scenario's. */
export type RuleListing = {
  id: string | null
  source: 'runtime' | 'scenario'
  rule: RuleBody
  remaining: number | null
}
