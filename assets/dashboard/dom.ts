// The page's only way to make elements: text goes in through text nodes, never as HTML, so
// anything the journal holds (a hostile request body) renders as the characters it is.

type Props = {
  className?: string
  text?: string
  title?: string
  attrs?: Record<string, string>
  on?: { [K in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[K]) => void }
}
export type Child = Node | string | null | undefined | false

export const h = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] => {
  const element = document.createElement(tag)
  if (props.className) element.className = props.className
  if (props.text !== undefined) element.textContent = props.text
  if (props.title !== undefined) element.title = props.title
  for (const [name, value] of Object.entries(props.attrs ?? {})) element.setAttribute(name, value)
  for (const [name, handler] of Object.entries(props.on ?? {}))
    element.addEventListener(name, handler as EventListener)
  append(element, ...children)
  return element
}

export const append = (parent: Element, ...children: Child[]) => {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue
    parent.append(typeof child === 'string' ? document.createTextNode(child) : child)
  }
}

/** Empties `parent` and fills it with `children`. */
export const replace = (parent: Element, ...children: Child[]) => {
  parent.replaceChildren()
  append(parent, ...children)
}

/** A value as readable text: JSON indented, a string as it is. */
export const shown = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value))
