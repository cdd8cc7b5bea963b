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
