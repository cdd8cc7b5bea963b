// A value that may be long (a body, a header, a path): shown clamped to a few lines, with a
// button that shows it whole and back. Short values show as they are.
import { h } from './dom.js'

/** Longer than this many characters or lines, a value starts clamped. */
const CLAMP_CHARS = 600
const CLAMP_LINES = 12

export const longValue = (text: string, className = 'body'): HTMLElement => {
  const pre = h('pre', { className, text })
  const isLong = text.length > CLAMP_CHARS || text.split('\n').length > CLAMP_LINES
  if (!isLong) return pre
  pre.classList.add('clamped')
  const toggle = h('button', {
    className: 'whole',
    text: `Show all (${text.length} characters)`,
    attrs: { type: 'button', 'aria-expanded': 'false' },
  })
  toggle.addEventListener('click', () => {
    const isClamped = pre.classList.toggle('clamped')
    toggle.setAttribute('aria-expanded', String(!isClamped))
    toggle.textContent = isClamped ? `Show all (${text.length} characters)` : 'Show less'
  })
  return h('div', { className: 'long' }, pre, toggle)
}
