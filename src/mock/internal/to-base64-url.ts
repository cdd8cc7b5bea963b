/** RFC 4648 §5 base64url without padding; `btoa` rather than `Buffer`, so it runs in browsers (MSW). */
export const toBase64Url = (bytes: Uint8Array): string => {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}
