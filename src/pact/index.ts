// A recording as a Pact specification v4 file, for teams with a Pact broker (docs/replay.md): what
// the mock's journal route and `worker-api-kit pact` use. Everything else under src/pact is its
// own business.
export { type PactFile, type PactOptions, pactFromHar } from './pact-file.js'
