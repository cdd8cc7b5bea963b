// What every server of ours shares (the mock and the proxy): the front stages (Host guard, no
// service worker's script, CORS, the log line), the admin guard, the body limit, the one writer of
// answers and problems, the journal and its routes, the dashboard, and listening on Node. The mock
// and the proxy import this face and nothing of each other's insides (test/architecture.test.ts).
export { ADMIN_PREFIX, invalid, invalidQuery } from './admin-answers.js'
export { answer, answerJson, isApiPath, useAnswerHeaders } from './answer.js'
export { bearerToken } from './bearer-token.js'
export { bodyText } from './body-text.js'
export { boundedPage, MAX_PAGE_BYTES, MAX_PAGE_LIMIT, PageLimit } from './bounded-page.js'
export { findBuiltFolder } from './built-folder.js'
export type { AllowedHosts } from './check-host.js'
export { type Cors, type CorsPolicy, createCors } from './cors.js'
export { DASHBOARD_PATH } from './dashboard/dashboard-path.js'
export { registerDashboard } from './dashboard/routes.js'
export { DEFAULT_HOST, DEFAULT_SEED, MAX_BODY_BYTES } from './defaults.js'
export { noRoute, onError } from './errors.js'
export { excerptStrings } from './excerpt.js'
export type { Fetch, Forwarded, ForwardOptions } from './forward-request.js'
export { createFrontGuard } from './front-guard.js'
export { guardAdmin } from './guard-admin.js'
export { isContentful, NO_BODY_STATUSES } from './is-contentful.js'
export {
  createJournal,
  DEFAULT_MAX_JOURNAL,
  type Journal,
  type JournalEntry,
  journalBody,
} from './journal.js'
export {
  journalRequestBody,
  journalRequestText,
  journalResponse,
  type WrittenAnswer,
} from './journal-bodies.js'
export {
  journalHeaders,
  requestCredentials,
  requestHeaderPairs,
  responseHeaderPairs,
} from './journal-headers.js'
export { registerJournalRoutes } from './journal-routes.js'
export type { JournalSecrets } from './journal-secrets.js'
export { jsonBytes } from './json-bytes.js'
export { limitBody } from './limit-body.js'
export { listenOnNode } from './listen-on-node.js'
export { loadForwarder } from './load-forwarder.js'
export { logLine } from './log-request.js'
export { maskedPlaces } from './masked-places.js'
export { answerProblem, SERVER_PROBLEMS } from './problem.js'
export type { ServerEnv } from './server-env.js'
