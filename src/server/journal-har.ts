import { utf8Length } from '../common/utf8-length.js'
import type { JournalEntry } from './journal-entry.js'

// The journal as a HAR 1.2 file (http://www.softwareishard.com/blog/har-12-spec/), the format
// browsers' DevTools save and read. Entries are written from the journal as stored: secrets were
// masked on write, so the file holds none. What HAR has no field for goes in `_` fields (the
// spec's custom fields), as DevTools does with `_initiator`.

/** The version of this file's shape (its `_` fields), not of the package. */
const CREATOR = { name: 'worker-api-kit', version: '1' } as const
/** What the journal keeps is HTTP/1.1 semantics; neither server speaks another version. */
const HTTP_VERSION = 'HTTP/1.1'

/** Reason phrases of the statuses our servers give (RFC 9110 §15); others get none, as HTTP/2 has. */
const REASONS: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  508: 'Loop Detected',
}

type NameValue = { readonly name: string; readonly value: string }

const pairsOf = (headers: JournalEntry['request']['headers']): NameValue[] =>
  Object.entries(headers).map(([name, value]) => ({ name, value }))

/** A journalled body as text: JSON written back, a text as it is, nothing as undefined. */
const textOf = (body: unknown): string | undefined =>
  body === null || body === undefined
    ? undefined
    : typeof body === 'string'
      ? body
      : JSON.stringify(body)

/** `?a=1&b=2` as HAR's name/value list, decoded; a malformed escape is kept as it is. */
const queryStringOf = (query: string): NameValue[] => {
  if (query === '' || query === '?') return []
  try {
    return [...new URLSearchParams(query)].map(([name, value]) => ({ name, value }))
  } catch {
    return []
  }
}

const harEntry = (entry: JournalEntry, origin: string) => {
  const requestText = textOf(entry.request.body)
  const responseText = textOf(entry.response.body)
  const responseMime = entry.response.contentType ?? ''
  return {
    startedDateTime: entry.at,
    time: entry.durationMs,
    request: {
      method: entry.method,
      url: `${origin}${entry.path}${entry.query}`,
      httpVersion: HTTP_VERSION,
      cookies: [],
      headers: pairsOf(entry.request.headers),
      queryString: queryStringOf(entry.query),
      ...(requestText === undefined
        ? {}
        : { postData: { mimeType: entry.request.contentType ?? '', text: requestText } }),
      headersSize: -1,
      bodySize: requestText === undefined ? 0 : utf8Length(requestText),
    },
    response: {
      status: entry.status,
      statusText: REASONS[entry.status] ?? '',
      httpVersion: HTTP_VERSION,
      cookies: [],
      headers: pairsOf(entry.response.headers),
      content: {
        size: responseText === undefined ? 0 : utf8Length(responseText),
        mimeType: responseMime,
        ...(responseText === undefined ? {} : { text: responseText }),
      },
      redirectURL: entry.response.headers['location'] ?? '',
      headersSize: -1,
      bodySize: responseText === undefined ? 0 : utf8Length(responseText),
    },
    cache: {},
    timings: { send: 0, wait: entry.durationMs, receive: 0 },
    _seq: entry.seq,
    _session: entry.session,
    _operationId: entry.operationId,
    _prefer: entry.prefer,
    _rules: entry.rules,
    ...(entry.violations === undefined ? {} : { _violations: entry.violations }),
    ...(entry.source === undefined ? {} : { _source: entry.source }),
    // Where the journal masked the request: a replay asks for these values, never sends the mask.
    ...(entry.request.masked === undefined ? {} : { _masked: entry.request.masked }),
  }
}

/**
 * Journal entries as a HAR 1.2 log; `origin` (the server's, as the client called it) makes each
 * URL absolute. `next`: the seq to read on from (`after`) when the entries were cut, else null.
 */
export const journalHar = (
  entries: readonly JournalEntry[],
  origin: string,
  next: number | null,
) => ({
  log: {
    version: '1.2',
    creator: CREATOR,
    pages: [],
    entries: entries.map((entry) => harEntry(entry, origin)),
    ...(next === null ? {} : { _next: next }),
  },
})
