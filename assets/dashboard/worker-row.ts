// One worker of the state panel's table: its name and id, its status, when that next changes, and
// the forms that rename or delete it.
import { h } from './dom.js'
import { type Done, workerActions } from './state-forms.js'
import type { WorkerState } from './types.js'

/** "in 3 s", "in 2 min": when a worker's status next changes, from now. */
const fromNow = (at: string) => {
  const s = Math.max(0, Math.round((Date.parse(at) - Date.now()) / 1000))
  return s < 120 ? `in ${s} s` : `in ${Math.round(s / 60)} min`
}

/** The row of one worker; `done` runs after one of its forms answered. */
export const workerRow = (w: WorkerState, done: Done) => {
  const nameCell = h(
    'td',
    { className: 'worker-name' },
    h('span', { text: w.worker.name ?? '', title: w.worker.name ?? '' }),
    h('code', { text: w.worker.id, title: w.worker.id }),
  )
  const actions = workerActions(w, nameCell, done)
  const status = w.worker.status ?? ''
  return h(
    'tr',
    { attrs: { 'data-worker': w.worker.id } },
    nameCell,
    // a long status (`provisioning`) is cut to its column; the title holds it whole
    h('td', {}, h('span', { className: `pill ${status}`, text: status, title: status })),
    h('td', {
      className: 'muted',
      text: w.nextChange ? `${w.nextChange.status} ${fromNow(w.nextChange.at)}` : '—',
      title: w.nextChange?.at ?? 'no further change',
    }),
    h('td', {}, actions),
  )
}
