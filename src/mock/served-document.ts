import { serversFor } from '../api/document.js'
import { buildFixtureDocument } from './fixture-document.js'

let built: ReturnType<typeof buildFixtureDocument> | undefined

/**
 * What `GET /openapi.json` answers: the committed document (fixtures as examples) with `servers`
 * naming `origin`, so the docs page's "Try it out" calls this mock. Built on the first request
 * (about 0.1 s: the OpenAPI generator and the fixtures), not at start-up; never changed once built.
 */
export const servedDocument = (origin: string) => {
  built ??= buildFixtureDocument()
  return { ...built, servers: serversFor(origin) }
}
