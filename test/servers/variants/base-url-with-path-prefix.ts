import { variant } from '../wrap-mock.js'

const PREFIX = '/api'

// spec preamble: paths are relative to {base_url}, which may carry a path of its own. Served
// under /api only; the judge is given `http://…/api/` (trailing slash included).
export default {
  ...variant('served under a path prefix: {base_url} is https://host/api', {
    before: (request) =>
      request.path.startsWith(`${PREFIX}/`)
        ? { path: request.path.slice(PREFIX.length) }
        : new Response('not found', { status: 404 }),
  }),
  baseUrl: `http://judge.test${PREFIX}/`,
}
