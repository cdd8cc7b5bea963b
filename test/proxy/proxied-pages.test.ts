// What a target serves through the proxy runs on the proxy's origin, beside its journal and
// dashboard: a page the target (or a hostile one) serves there must never run as the proxy's page.
import { describe, expect, it } from 'vitest'
import { createProxyApp } from '../../src/proxy/create-proxy-app.js'

/** A target that answers every request with this body and content type. */
const targetAnswering = (contentType: string, body: string) =>
  createProxyApp({
    target: 'http://staging.test',
    fetch: () => new Response(body, { status: 200, headers: { 'content-type': contentType } }),
  })

const PAGE =
  '<script>fetch("/__mock/requests").then((r) => r.text()).then(navigator.sendBeacon)</script>'

describe('pages a target serves through the proxy', () => {
  it.each([
    'text/html',
    'text/html; charset=utf-8',
    'image/svg+xml',
    'application/xhtml+xml',
    'text/plain',
    'application/octet-stream',
  ])(
    'serves a %s answer sandboxed and unsniffed, so its script never runs as the proxy',
    async (type) => {
      const res = await targetAnswering(type, PAGE).request('/anything.html')
      expect(res.status).toBe(200)
      expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'")
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(await res.text()).toBe(PAGE)
    },
  )

  it('serves a JSON answer unsniffed and as it came, without a sandbox', async () => {
    const res = await targetAnswering('application/json', '{"worker":{}}').request('/v1/x')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toBeNull()
    expect(await res.json()).toEqual({ worker: {} })
  })

  it('replaces a CSP the target sent with its own sandbox', async () => {
    const app = createProxyApp({
      target: 'http://staging.test',
      fetch: () =>
        new Response(PAGE, {
          headers: {
            'content-type': 'text/html',
            'content-security-policy': "script-src 'unsafe-inline'",
          },
        }),
    })
    const res = await app.request('/page')
    expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'")
  })
})
