import { readdirSync, readFileSync } from 'node:fs'
import { posix } from 'node:path'
import { fileURLToPath } from 'node:url'

// The documentation users read: README.md, the front door, and the docs/ pages it links. Every
// test that holds a snippet or a claim of the documentation reads it through here, so a snippet
// moved from one page to another is still run.

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** A documentation file: its path from the repository root and its text. */
export type DocumentationFile = { path: string; text: string }

/** README.md, then every docs/*.md page in name order, as paths from the repository root. */
export const documentationPaths = (): string[] => [
  'README.md',
  ...readdirSync(`${REPO_ROOT}docs`)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
]

/** Every documentation file with its text. */
export const readDocumentation = (): DocumentationFile[] =>
  documentationPaths().map((path) => ({ path, text: readFileSync(`${REPO_ROOT}${path}`, 'utf8') }))

/** All the documentation as one text, file after file, each starting on a line of its own. */
export const documentationText = (): string =>
  readDocumentation()
    .map(({ text }) => (text.endsWith('\n') ? text : `${text}\n`))
    .join('')

/** A relative link of a documentation file: the file it names (from the repository root) and its `#anchor`. */
export type RelativeLink = {
  line: number
  target: string
  path: string
  /** `![…](…)`: a picture shown in the page, not a link a reader follows. */
  isImage: boolean
  anchor?: string
}

/** The lines of `markdown` outside fenced code blocks, with their 1-based numbers. */
export const proseLinesOf = (markdown: string): { line: number; text: string }[] => {
  const lines: { line: number; text: string }[] = []
  let fenced = false
  markdown.split('\n').forEach((text, index) => {
    if (/^```/.test(text)) fenced = fenced ? text.trimEnd() !== '```' : true
    else if (!fenced) lines.push({ line: index + 1, text })
  })
  return lines
}

/** Every `[text](target)` of a documentation file whose target is not a URL, resolved. */
export const relativeLinksOf = (file: DocumentationFile): RelativeLink[] =>
  proseLinesOf(file.text).flatMap(({ line, text }) =>
    [...text.replace(/`[^`]*`/g, '').matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)\)/g)]
      .map((match) => ({ target: match[2] ?? '', isImage: match[1] === '!' }))
      .filter(({ target }) => !/^[a-z][a-z+.-]*:/i.test(target))
      .map(({ target, isImage }) => {
        const [relative = '', anchor] = target.split('#')
        const from = file.path.includes('/') ? file.path.slice(0, file.path.lastIndexOf('/')) : ''
        const path = relative === '' ? file.path : posix.normalize(posix.join(from, relative))
        return { line, target, path, isImage, ...(anchor === undefined ? {} : { anchor }) }
      }),
  )
