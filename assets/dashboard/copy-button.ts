import { h } from './dom.js'

/** A button that copies `text()` to the clipboard and says so for a moment. */
export const copyButton = (label: string, text: () => string) => {
  const button = h('button', { className: 'copy', text: label, attrs: { type: 'button' } })
  button.addEventListener('click', () => {
    const done = (result: string) => {
      button.textContent = result
      setTimeout(() => {
        button.textContent = label
      }, 1500)
    }
    navigator.clipboard.writeText(text()).then(
      () => done('Copied'),
      () => done('Select the line to copy'),
    )
  })
  return button
}
