import { broken } from '../wrap-mock.js'

/** A provider path whose organization segment is empty. */
const EMPTY_ORG = /^\/v1\/orgs\/\/llm-providers\/([^/]+)$/

// A router that lets a path segment be empty, and a handler that reads an empty organization id
// as "the caller's default organization": `/v1/orgs//llm-providers/lpr_…` updates the provider of
// an organization the request did not name.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'path-id/empty',
    spec: '§4.1 (orgId: required, length 30, pattern ^org_.*)',
    description: 'an empty organization segment in the path falls back to the default organization',
  },
  {
    before: (request, mock) => {
      const found = EMPTY_ORG.exec(request.path)
      return found ? { path: `/v1/orgs/${mock.ids.orgId}/llm-providers/${found[1]}` } : undefined
    },
  },
)
