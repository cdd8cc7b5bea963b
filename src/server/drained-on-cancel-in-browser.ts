// The browser twin of drained-on-cancel.ts (scripts/browser-build-options.mjs swaps it in): a
// page's MSW mock has no node socket, whose body alone must be drained rather than cancelled.
export const drainedOnCancel = (body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> =>
  body
