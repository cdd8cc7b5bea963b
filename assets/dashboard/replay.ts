// Replay: the page sends an entry's request again, to the same origin in the entry's session,
// and shows the entry it makes. The values the journal masked (the places its entry lists in
// `request.masked`) are asked for in the form, used for that one request and forgotten: never
// stored; the mock is told they are secrets (`x-mock-secrets`), so it masks them wherever it keeps
// or writes them. A `[REDACTED]` the page sent itself is no masked value: it is sent as it was.
import { TIMEOUT_MS } from './api.js'
import { preferOf } from './curl.js'
import { h, replace } from './dom.js'
import { renderEntry } from './entry-view.js'
import { sessionLabel } from './selection.js'
import type { JournalEntry } from './types.js'

/** The header that names the places of a request that hold secrets typed into a replay. */
const SECRETS_HEADER = 'x-mock-secrets'
/** A body the journal kept only as its size. */
const NOT_KEPT = /^\(\d+ characters, not kept\)$/
/** Headers a page may not set, or that this replay sets itself (session) or must not (admin). */
const NOT_SENT =
  /^(host|content-length|connection|keep-alive|transfer-encoding|upgrade|te|trailer|expect|cookie2?|origin|referer|accept-encoding|accept-charset|date|dnt|via|user-agent|x-mock-admin-token|x-mock-session|x-mock-secrets|proxy-.*|sec-.*|access-control-request-.*)$/
/** Tries to find the new entry, a short wait apart: the journal is written as the answer goes. */
const FIND_TRIES = 10
const FIND_WAIT_MS = 200

type Masked = { where: string; label: string }

const headersOf = (entry: JournalEntry): [string, string][] => {
  const pairs: [string, string][] = entry.request.headers
    ? Object.entries(entry.request.headers)
    : [
        ...(entry.request.contentType
          ? [['content-type', entry.request.contentType] as [string, string]]
          : []),
        ...(entry.request.authorization
          ? [['authorization', entry.request.authorization] as [string, string]]
          : []),
      ]
  const sent = pairs.filter(([name]) => !NOT_SENT.test(name.toLowerCase()))
  const prefer = preferOf(entry)
  if (prefer !== null && !sent.some(([name]) => name.toLowerCase() === 'prefer'))
    sent.push(['prefer', prefer])
  return sent
}

/** A copy of `value` with the values at `given`'s pointers replaced by what was typed. */
const filled = (value: unknown, given: Map<string, string>, pointer = ''): unknown => {
  const typed = given.get(pointer)
  if (typed !== undefined) return typed
  if (typeof value !== 'object' || value === null) return value
  const at = (key: string) => `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`
  if (Array.isArray(value)) return value.map((item, i) => filled(item, given, at(String(i))))
  return Object.fromEntries(
    Object.entries(value).map(([k, item]) => [k, filled(item, given, at(k))]),
  )
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Builds the replay form of `entry` into `host`. `latestSeq` is the newest seq the page knows
 * (the new entry comes after it); `find` reads entries after a seq in a session.
 */
export const replayForm = (
  entry: JournalEntry,
  host: HTMLElement,
  latestSeq: () => number,
  find: (after: number, session: string) => Promise<JournalEntry[]>,
) => {
  const body = entry.request.body
  const isKept = !(typeof body === 'string' && NOT_KEPT.test(body))
  const headers = headersOf(entry)
  const places = entry.request.masked ?? []
  const masked: Masked[] = places.flatMap((place): Masked[] => {
    if (place.startsWith('/headers/')) {
      const name = place.slice('/headers/'.length)
      return headers.some(([sent]) => sent.toLowerCase() === name)
        ? [{ where: `header:${name}`, label: name }]
        : []
    }
    return place.startsWith('/body')
      ? [
          {
            where: `body:${place.slice('/body'.length)}`,
            label: `body ${place.slice(5) || '(whole)'}`,
          },
        ]
      : []
  })
  const inputs = masked.map((m, i) =>
    h('input', {
      attrs: {
        type: 'password',
        id: `replay-${entry.seq}-${i}`,
        autocomplete: 'off',
        spellcheck: 'false',
        'data-where': m.where,
      },
    }),
  )
  const result = h('div', { className: 'replay-result', attrs: { role: 'status' } })
  const send = h('button', { text: 'Send again', attrs: { type: 'submit' } })
  const cancel = h('button', { text: 'Close', attrs: { type: 'button' } })
  const form = h(
    'form',
    { className: 'replay', attrs: { 'aria-label': `Replay #${entry.seq}` } },
    h('h4', { text: `Replay ${entry.method} ${entry.path} in ${sessionLabel(entry.session)}` }),
    masked.length > 0 &&
      h('p', {
        className: 'muted',
        text: 'The journal masked these values. Type them to send them once: they are not kept, here or in the journal.',
      }),
    ...masked.map((m, i) =>
      h('label', { className: 'field' }, h('span', { text: m.label }), inputs[i]),
    ),
    !isKept &&
      h('p', {
        className: 'message error',
        text: 'The journal kept only the size of this body: it cannot be sent again.',
      }),
    h('div', { className: 'row' }, send, cancel),
    result,
  )
  send.disabled = !isKept
  cancel.addEventListener('click', () => form.remove())
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const given = new Map(inputs.map((input) => [input.dataset['where'] ?? '', input.value]))
    // Forget what was typed at once: the values live only in this request.
    for (const input of inputs) input.value = ''
    void replay(given)
  })

  const replay = async (given: Map<string, string>) => {
    const sent = new Headers()
    for (const [name, value] of headers)
      sent.set(
        name,
        given.get(`header:${name.toLowerCase()}`) ?? given.get(`header:${name}`) ?? value,
      )
    if (entry.session !== '') sent.set('x-mock-session', entry.session)
    if (masked.length > 0) sent.set(SECRETS_HEADER, places.join(' '))
    const bodyGiven = new Map(
      [...given].filter(([w]) => w.startsWith('body:')).map(([w, v]) => [w.slice(5), v]),
    )
    const payload =
      body === null || body === undefined || entry.method === 'GET' || entry.method === 'HEAD'
        ? undefined
        : typeof body === 'string'
          ? (bodyGiven.get('') ?? body)
          : JSON.stringify(filled(body, bodyGiven))
    const before = latestSeq()
    send.disabled = true
    result.textContent = 'Sending…'
    try {
      const res = await fetch(`${entry.path}${entry.query}`, {
        method: entry.method,
        headers: sent,
        ...(payload === undefined ? {} : { body: payload }),
        redirect: 'manual',
        cache: 'no-store',
        credentials: 'omit',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      await res.arrayBuffer()
      result.textContent = `Answered ${res.status}. Looking for its entry…`
      for (let i = 0; i < FIND_TRIES; i++) {
        const found = (await find(before, entry.session)).filter(
          (e) => e.method === entry.method && e.path === entry.path && e.seq > before,
        )
        const newest = found.at(-1)
        if (newest) {
          const view = renderEntry(newest, location.origin)
          view.open = true
          replace(result, h('p', { text: `Replayed as #${newest.seq}: ${newest.status}` }), view)
          return
        }
        await wait(FIND_WAIT_MS)
      }
      result.textContent = `Answered ${res.status}; its entry is not in the journal yet.`
    } catch (error) {
      result.textContent = `The request failed: ${String(error)}`
    } finally {
      send.disabled = false
    }
  }

  replace(host, form)
  ;(inputs[0] ?? send).focus()
}
