// What the admin API answers, as the dashboard reads it. Fields another version of the kit may
// not send yet (a proxy, an older mock) are optional: the page shows what is there.

export type Rule = { index: number; description: string | null; effect: string }
export type Violation = { check: string; pointer: string | null; message: string }

export type JournalEntry = {
  seq: number
  at: string
  session: string
  operationId: string | null
  method: string
  path: string
  query: string
  status: number
  durationMs: number
  request: { contentType: string | null; authorization: string | null; body: unknown }
  response?: { contentType: string | null; body: unknown }
  rules?: Rule[]
  violations?: Violation[]
  source?: 'target' | 'fallback' | 'proxy'
}

export type JournalPage = { count: number; entries: JournalEntry[]; next: number | null }

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
    hasApiKey?: boolean
    apiKeyLastFour?: string | null
  }[]
  stored: { workers: number; bytes: number; maxWorkers: number; maxBytes: number }
  workers: WorkerState[]
  next: string | null
}
