// What every server of ours shares (the mock and the proxy): services, each used by both or by the
// mock's pipelines, never the parts a service is made of. The mock and the proxy import this face
// and nothing of each other's insides (test/architecture.test.ts holds both rules, and that every
// name here has a user outside this folder).

// The admin API's shared shapes: its prefix, a 400 naming its field, a page bounded by count and
// bytes.
export { ADMIN_PREFIX, invalid, invalidQuery } from './admin-answers.js'
// Answering: the one writer of answers and of problems (a problem's status is its kind's), the
// server layer's own problems, no route, the framework's errors as problems.
export { answer, answerOperationJson, isApiPath, useAnswerHeaders } from './answer.js'
// Reading a request: its bearer token, its body's text.
export { bearerToken } from './bearer-token.js'
export { bodyText } from './body-text.js'
export { boundedPage, MAX_PAGE_BYTES, MAX_PAGE_LIMIT } from './bounded-page.js'
// Serving: listening on Node, the built files' folder, the defaults both servers start with.
export { findBuiltFolder } from './built-folder.js'
// Guarding a request, at the front of both servers: the Host guard, no service worker's script,
// the origin rule and CORS in one guard; the admin API's guard; the body limit; the log line.
export type { AllowedHosts } from './check-host.js'
export { type Cors, type CorsPolicy, createCors } from './cors.js'
// The journal: one call records an exchange (masked, bounded), its routes serve it (JSON pages,
// HAR, Pact), the dashboard reads it.
export { DASHBOARD_PATH } from './dashboard/dashboard-path.js'
export { registerDashboard } from './dashboard/routes.js'
export { DEFAULT_HOST, DEFAULT_SEED, MAX_BODY_BYTES } from './defaults.js'
export { noRoute, onError } from './errors.js'
// Forwarding (the proxy, the mock's --passthrough), loaded on first use.
export type { Fetch, Forwarded, ForwardOptions } from './forward-request.js'
export { createFrontGuard } from './front-guard.js'
export { guardAdmin } from './guard-admin.js'
export { createJournal, DEFAULT_MAX_JOURNAL, type Journal, type JournalEntry } from './journal.js'
export { registerJournalRoutes } from './journal-routes.js'
export { limitBody } from './limit-body.js'
export { listenOnNode } from './listen-on-node.js'
export { loadForwarder } from './load-forwarder.js'
export { logLine } from './log-request.js'
export { PageLimit } from './page-limit.js'
export { answerProblem, SERVER_PROBLEMS } from './problem.js'
export { type Exchange, recordExchange } from './record-exchange.js'
export type { ServerEnv } from './server-env.js'
