import { matchOperation } from '../api/match-operation.js'
import { OPERATION_TABLE } from '../api/operation-table.js'
import { ADMIN_PREFIX } from './admin.js'

/** A method and a path the mock answers itself, in the routing form (`/v1/workers/:id`). */
export type MockedRoute = { readonly method: string; readonly path: string }

/**
 * What the mock answers itself, and nothing else: each declared operation (its method and path)
 * and the admin API (any method). Whoever puts the mock in front of other traffic (the MSW
 * handlers) claims these and lets the rest go where it belongs.
 */
export const MOCKED_ROUTES: readonly MockedRoute[] = [
  ...OPERATION_TABLE.map(({ method, routingPath }) => ({ method, path: routingPath })),
  { method: '*', path: ADMIN_PREFIX },
  { method: '*', path: `${ADMIN_PREFIX}/*` },
]

/** Whether a path is the admin API's, which the mock answers whatever the method. */
const isAdminPath = (path: string) => path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`)

/**
 * Whether the mock answers this method and path itself, exactly as it routes them: a router that
 * matches more loosely (MSW's, which takes `/v1/workers/` for `/v1/workers`) asks here, and leaves
 * the rest where it belongs.
 */
export const isMockedRequest = (method: string, path: string) =>
  isAdminPath(path) || matchOperation(method, path) !== undefined
