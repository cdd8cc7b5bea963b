/** The forwarder, once loaded. */
let forwarder: Promise<typeof import('./forward-request.js')> | undefined

/**
 * The one forwarder (forward-request.ts: the proxy's, the mock's `--passthrough`), loaded on first
 * use: a page's MSW start-up, which forwards nothing, carries none of it.
 */
export const loadForwarder = () => {
  forwarder ??= import('./forward-request.js')
  return forwarder
}
