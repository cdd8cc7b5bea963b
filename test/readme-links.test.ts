import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  documentationPaths,
  proseLinesOf,
  readDocumentation,
  relativeLinksOf,
} from './helpers/documentation.js'

// The README is the front door: short, and linking every docs/ page; and no relative link or
// #anchor of the README or a docs/ page leads nowhere.

/** Most lines the README may have: about 300, what a reader takes in before choosing a page. */
const README_MAX_LINES = 320

const ROOT = new URL('../', import.meta.url)
const DOCUMENTATION = readDocumentation()

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slugOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-')

/** The anchors of a markdown file's headings, a repeated one numbered as GitHub numbers it. */
const anchorsOf = (markdown: string): Set<string> => {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  for (const { text } of proseLinesOf(markdown)) {
    const heading = /^#{1,6} (.+)$/.exec(text)?.[1]
    if (heading === undefined) continue
    const slug = slugOf(heading)
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}

const textOf = (path: string) =>
  DOCUMENTATION.find((file) => file.path === path)?.text ??
  readFileSync(new URL(path, ROOT), 'utf8')

describe('the documentation', () => {
  it('is the README and at least the pages the reference moved to', () => {
    expect(documentationPaths()).toEqual(
      expect.arrayContaining(['README.md', 'docs/cli.md', 'docs/security.md', 'docs/limits.md']),
    )
  })

  it.each(
    DOCUMENTATION.flatMap((file) =>
      relativeLinksOf(file).map(
        (link) => [`${file.path}:${link.line} ${link.target}`, link] as const,
      ),
    ),
  )('resolves the link at %s', (_title, link) => {
    expect(existsSync(new URL(link.path, ROOT)), `${link.path} exists`).toBe(true)
    if (link.anchor !== undefined && link.path.endsWith('.md')) {
      expect([...anchorsOf(textOf(link.path))]).toContain(link.anchor)
    }
  })

  it('numbers a repeated heading as GitHub does, and drops punctuation', () => {
    const anchors = anchorsOf(
      ['# Proxy: judge, record', '## Options', '```sh', '# → 200', '```', '## Options'].join('\n'),
    )
    expect([...anchors]).toEqual(['proxy-judge-record', 'options', 'options-1'])
  })
})

describe('the README', () => {
  const readme = DOCUMENTATION.find((file) => file.path === 'README.md')

  it(`stays a front door of at most ${README_MAX_LINES} lines`, () => {
    expect(readme?.text.split('\n').length).toBeLessThanOrEqual(README_MAX_LINES)
  })

  it('links every docs/ page', () => {
    const linked = new Set(relativeLinksOf(readme ?? { path: '', text: '' }).map((l) => l.path))
    const pages = documentationPaths().filter((path) => path.startsWith('docs/'))
    expect(pages.filter((page) => !linked.has(page))).toEqual([])
  })
})
