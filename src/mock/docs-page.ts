import type { Context } from 'hono'
import { answerProblem } from '../server/index.js'
import { type DocsAssets, isDocsAssetName, loadDocsAssets } from './docs-assets.js'
import { MOCK_PROBLEMS } from './problems.js'

/** Where the page and its files live on the mock. */
const DOCS_PATH = '/docs'

/** The page's own script: swagger-ui pointed at the mock's document (no inline script: CSP). */
const INIT_SCRIPT = 'init.js'

// Every source is the mock itself. swagger-ui's CSS draws its icons as data: SVGs; it needs no
// inline style, inline script or eval (checked in Chromium: render, "Try it out" of each
// operation, models, with this policy and no violation report).
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
}

/** The page and its script change with the kit: revalidate each visit (they are small). */
const REVALIDATE = 'no-cache'
/** A file whose URL names its hash (`?v=`) never changes under that URL (RFC 8246). */
const IMMUTABLE = 'public, max-age=31536000, immutable'

const SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  displayRequestDuration: true,
  // No badge from validator.swagger.io: the page loads nothing from another host.
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
})
`

const assetUrl = (
  assets: DocsAssets,
  name: 'swagger-ui-bundle.js' | 'swagger-ui.css' | 'favicon-32x32.png',
) => `${DOCS_PATH}/${name}?v=${assets.get(name)?.hash ?? ''}`

const page = (assets: DocsAssets) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>worker-api-kit mock: API reference</title>
<link rel="icon" type="image/png" href="${assetUrl(assets, 'favicon-32x32.png')}">
<link rel="stylesheet" href="${assetUrl(assets, 'swagger-ui.css')}">
</head>
<body>
<div id="swagger-ui"></div>
<noscript>This page needs JavaScript. The API description is <a href="/openapi.json">/openapi.json</a>.</noscript>
<script src="${assetUrl(assets, 'swagger-ui-bundle.js')}"></script>
<script src="${DOCS_PATH}/${INIT_SCRIPT}"></script>
</body>
</html>
`

/** True when `If-None-Match` names this entity tag (RFC 9110 §13.1.2: weak comparison). */
const matches = (ifNoneMatch: string | undefined, etag: string) =>
  (ifNoneMatch ?? '').split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag
  })

/**
 * `GET /docs` (the page) and `GET /docs/:name` (its files), from `load`'s assets; when there are
 * none, a 404 problem that says how to get them, never a 5xx.
 */
export const createDocsHandlers = (load: () => DocsAssets | undefined = loadDocsAssets) => ({
  page: (c: Context) => {
    const assets = load()
    if (!assets)
      return answerProblem(c, MOCK_PROBLEMS.docsAssetsMissing(), { headers: SECURITY_HEADERS })
    return c.html(page(assets), 200, { ...SECURITY_HEADERS, 'cache-control': REVALIDATE })
  },
  asset: (c: Context, name: string) => {
    if (name === INIT_SCRIPT) {
      return c.body(SCRIPT, 200, {
        ...SECURITY_HEADERS,
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': REVALIDATE,
      })
    }
    if (!isDocsAssetName(name))
      return answerProblem(c, MOCK_PROBLEMS.docsAssetNotFound(name), { headers: SECURITY_HEADERS })
    const asset = load()?.get(name)
    if (!asset)
      return answerProblem(c, MOCK_PROBLEMS.docsAssetsMissing(), { headers: SECURITY_HEADERS })
    const etag = `"${asset.hash}"`
    const headers = {
      ...SECURITY_HEADERS,
      'content-type': asset.type,
      'cache-control': c.req.query('v') === asset.hash ? IMMUTABLE : REVALIDATE,
      etag,
    }
    if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers)
    return c.body(asset.body, 200, headers)
  },
})
