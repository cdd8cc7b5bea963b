import { buildOpenApiDocument, DEFAULT_BASE_URL } from '../api/document.js'
import { buildFixtureExamples, buildFixtureRequestExamples } from './fixture-examples.js'
import { buildFixtures } from './fixtures.js'

/**
 * The OpenAPI document with the fixtures as its examples: what `openapi/openapi.json` holds
 * (`worker-api-kit openapi`) and what the mock serves at `/openapi.json` (servers aside).
 */
export const buildFixtureDocument = (baseUrl: string = DEFAULT_BASE_URL) => {
  const fixtures = buildFixtures()
  return buildOpenApiDocument(baseUrl, {
    examples: buildFixtureExamples(fixtures),
    requestExamples: buildFixtureRequestExamples(fixtures),
  })
}
