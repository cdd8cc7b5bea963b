// The page's one session selection: the sessions panel and the journal's session filter both
// read and set it, so the state shown and the requests shown are always the same session's.

/** Every session: the journal shows them all, the state panel the default session's. */
export const EVERY_SESSION = '*'

let selected: string = EVERY_SESSION
const listeners: ((session: string) => void)[] = []

export const selectedSession = () => selected

/** The session whose state and rules the panels show: the default one for "every session". */
export const stateSession = () => (selected === EVERY_SESSION ? '' : selected)

export const selectSession = (session: string) => {
  if (session === selected) return
  selected = session
  for (const listener of listeners) listener(session)
}

export const whenSessionSelected = (listener: (session: string) => void) => {
  listeners.push(listener)
}

export const sessionLabel = (id: string) =>
  id === EVERY_SESSION ? 'every session' : id === '' ? '(default)' : id
