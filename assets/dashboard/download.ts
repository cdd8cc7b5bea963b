// Files the admin API hands out (the journal as HAR, a session as a scenario file): fetched with
// the tab's token, then saved under the name the answer's Content-Disposition gives.
import { adminHeaders, messageOf, TIMEOUT_MS } from './api.js'

const fileNameOf = (disposition: string | null, fallback: string) =>
  disposition?.match(/filename="([^"]+)"/)?.[1] ?? fallback

/** Downloads `path`; resolves to null when saved, else to what went wrong. */
export const download = async (
  path: string,
  session: string | undefined,
  fallbackName: string,
): Promise<string | null> => {
  try {
    const res = await fetch(path, {
      headers: adminHeaders(session),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      cache: 'no-store',
    })
    if (!res.ok) {
      const text = await res.text()
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {
        // not JSON: keep the text
      }
      return messageOf(res.status, body)
    }
    const url = URL.createObjectURL(await res.blob())
    const link = document.createElement('a')
    link.href = url
    link.download = fileNameOf(res.headers.get('content-disposition'), fallbackName)
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 1_000)
    return null
  } catch (error) {
    return `the mock did not answer (${String(error)})`
  }
}
