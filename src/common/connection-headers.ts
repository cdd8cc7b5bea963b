/**
 * Headers that frame a message or describe one connection, not the message (RFC 9110 §7.6.1,
 * RFC 9112 §6): the server that writes the message sets them. A proxy never passes them on; a
 * scenario rule may not set them (a `content-length` that differs from the body, or a
 * `transfer-encoding` over a body that is not chunked, breaks the connection for the next answer).
 */
export const CONNECTION_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
])
