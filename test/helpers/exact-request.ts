// One HTTP request with exactly the headers given (node's http forbids none of them: Origin,
// Sec-Fetch-*, Connection), read whole. Builders only: no assertions here.
import { type IncomingHttpHeaders, request } from 'node:http'

export type ExactAnswer = {
  readonly status: number
  readonly contentType: string | undefined
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/** Sends `method url` with these headers and body; rejects on a transport error or after 5 s. */
export const sendExactly = (
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
) =>
  new Promise<ExactAnswer>((resolve, reject) => {
    const req = request(url, { method, headers, timeout: 5_000 }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        text += chunk
      })
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'],
          headers: res.headers,
          body: text,
        }),
      )
    })
    req.on('error', reject)
    req.on('timeout', () => req.destroy(new Error('no answer in 5 s')))
    req.end(body)
  })
