/** Node's Buffer when there is one; the MSW export runs in browsers, which have none. */
const NodeBuffer: typeof Buffer | undefined = (globalThis as { Buffer?: typeof Buffer }).Buffer

/** RFC 4648 §5 base64url without padding: Buffer's own encoder on Node, `btoa` in browsers. */
export const toBase64Url = (bytes: Uint8Array): string => {
  if (NodeBuffer)
    return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url')
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}
