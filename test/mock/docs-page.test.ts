// /docs reads the assets the build copies into dist/docs: `npm test` builds first; alone, run
// `npm run build` before vitest.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { DOCS_ASSET_TYPES, DOCS_ASSETS_FOLDER, loadDocsAssets } from '../../src/mock/docs-assets.js'
import { createDocsHandlers } from '../../src/mock/docs-page.js'
import { Problem } from '../../src/schemas/problem.js'

const PACKAGE = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))

const get = (path: string, headers: Record<string, string> = {}) =>
  createMockApp().request(path, { headers })

/** The URLs the page loads: every `src` and `href` of its HTML. */
const loadedBy = (html: string) => [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1])

/** The directives of a Content-Security-Policy header, by name. */
const directives = (policy: string | null) =>
  new Map(
    (policy ?? '').split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/)
      return [name, sources] as const
    }),
  )

describe('docs page', () => {
  it('serves HTML that names no other host and loads only files of the mock', async () => {
    const res = await get('/docs')
    const html = await res.text()
    expect.soft(res.status).toBe(200)
    expect.soft(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect.soft(html).not.toMatch(/\b(?:https?:)?\/\/[a-z0-9]/i)
    expect.soft(html).not.toMatch(/<script(?![^>]*\bsrc=)/) // no inline script
    expect.soft(loadedBy(html).length).toBeGreaterThanOrEqual(4)
    for (const url of loadedBy(html)) expect.soft(url).toMatch(/^\/(?:docs\/|openapi\.json$)/)
  })

  it('forbids every source but the mock itself, inline scripts and eval included', async () => {
    const res = await get('/docs')
    const policy = directives(res.headers.get('content-security-policy'))
    expect.soft(policy.get('default-src')).toEqual(["'none'"])
    expect.soft(policy.get('script-src')).toEqual(["'self'"])
    expect.soft(policy.get('connect-src')).toEqual(["'self'"])
    expect.soft(policy.get('style-src')).toEqual(["'self'"])
    expect.soft(policy.get('img-src')).toEqual(["'self'", 'data:'])
    expect.soft(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect.soft(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it.each([
    ['swagger-ui-bundle.js', /^text\/javascript/],
    ['swagger-ui.css', /^text\/css/],
    ['favicon-32x32.png', /^image\/png$/],
    ['init.js', /^text\/javascript/],
    ['LICENSE', /^text\/plain/],
  ])('serves %s with its content type and the same policy', async (name, type) => {
    const page = await get('/docs')
    const res = await get(`/docs/${name}`)
    expect.soft(res.status).toBe(200)
    expect.soft(res.headers.get('content-type')).toMatch(type)
    expect
      .soft(res.headers.get('content-security-policy'))
      .toBe(page.headers.get('content-security-policy'))
    expect.soft(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect.soft((await res.arrayBuffer()).byteLength).toBeGreaterThan(0)
  })

  it('serves the files of swagger-ui-dist byte for byte, from the folder the package ships', async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
    for (const name of Object.keys(DOCS_ASSET_TYPES)) {
      const served = Buffer.from(await (await get(`/docs/${name}`)).arrayBuffer())
      expect.soft(served.equals(readFileSync(join(dist, name))), name).toBe(true)
    }
    expect(PACKAGE.files).toContain(DOCS_ASSETS_FOLDER)
  })

  it('starts swagger-ui on /openapi.json with no validator badge (a call to another host)', async () => {
    const script = await (await get('/docs/init.js')).text()
    expect.soft(script).toContain("url: '/openapi.json'")
    expect.soft(script).toContain('validatorUrl: null')
    expect.soft(script).not.toMatch(/https?:/)
  })

  it('marks a file immutable under the hash its page names, and answers 304 to its ETag', async () => {
    const html = await (await get('/docs')).text()
    const url = loadedBy(html).find((u) => u?.startsWith('/docs/swagger-ui-bundle.js?v='))
    expect(url).toBeDefined()
    const res = await get(url ?? '')
    expect.soft(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const etag = res.headers.get('etag') ?? ''
    expect.soft(etag).toMatch(/^"[0-9a-f]{16}"$/)
    const again = await get('/docs/swagger-ui-bundle.js', { 'if-none-match': `W/${etag}` })
    expect.soft(again.status).toBe(304)
    expect.soft(await again.text()).toBe('')
    const stale = await get('/docs/swagger-ui-bundle.js?v=0000')
    expect.soft(stale.headers.get('cache-control')).toBe('no-cache')
    expect.soft((await get('/docs')).headers.get('cache-control')).toBe('no-cache')
  })

  it.each([
    'swagger-ui.js',
    'index.html',
    'swagger-ui-bundle.js.map',
    '..%2Fpackage.json',
    '%2e%2e%2f%2e%2e%2fpackage.json',
    '__proto__',
    'constructor',
  ])('answers /docs/%s with a 404 problem', async (name) => {
    const res = await get(`/docs/${name}`)
    expect.soft(res.status).toBe(404)
    expect.soft(res.headers.get('content-type')).toBe('application/problem+json')
    expect.soft(Problem.parse(await res.json()).type).toBe('urn:worker-api-kit:problem:not-found')
  })

  it('answers the page and its files with a 404 problem saying how to get them when they are missing', async () => {
    const docs = createDocsHandlers(() => undefined)
    const app = new Hono()
    app.get('/docs', (c) => docs.page(c))
    app.get('/docs/:name', (c) => docs.asset(c, c.req.param('name')))
    for (const path of ['/docs', '/docs/swagger-ui-bundle.js']) {
      const res = await app.request(path)
      expect.soft(res.status).toBe(404)
      expect.soft(Problem.parse(await res.json()).detail).toMatch(/npm run build/)
    }
    expect((await app.request('/docs/init.js')).status).toBe(200)
  })

  it('finds no assets in a folder without them', () => {
    expect(loadDocsAssets(new URL('.', import.meta.url).pathname)).toBeUndefined()
  })
})
