// The browser twin of lightweight-body.ts (scripts/browser-build-options.mjs swaps it in): a
// page's MSW mock has no @hono/node-server, so no answer there is a lightweight one to read.
import type { HeaderPairs } from './header-pairs.js'

export type LightweightBody = {
  readonly body: string | Uint8Array | null | { readonly kind: 'stream' }
  readonly contentType: string | null
}

export const lightweightBody = (_res: Response): LightweightBody | undefined => undefined

export const lightweightHeaders = (_res: Response): HeaderPairs | undefined => undefined
