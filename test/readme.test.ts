import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../src/mock/app.js'
import { readDocumentation } from './helpers/documentation.js'

// The curl examples of the README and the docs/ pages, replayed in-process against the mock, each
// page's examples in its own sequence. Each example is a command in a
// ```sh block, right after a `# → <status>` line; an ```http block right after that ```sh block is
// the response excerpt. The parsers below are small and strict: whatever they do not understand
// throws, so an example this file cannot check fails the suite instead of being skipped.

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const DOCUMENTATION = readDocumentation()

/** Where the examples say the mock listens: the CLI's default address. */
const BASE_URL = 'http://127.0.0.1:4010'
/** curl's content type for `-d` when no `-H 'content-type: …'` is given. */
const CURL_FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded'
/** In a response excerpt, `"…"` is any value and `"wrk_…"` any string that starts with `wrk_`. */
const ELLIPSIS = '…'

type Fence = { lang: string; lines: string[]; line: number; endLine: number }

/** A shell word: literal text and `$NAME` references, resolved when the example runs. */
type Word = readonly (string | { variable: string })[]

type CurlCommand = { method: string; url: Word; headers: Word[]; body?: Word }

type ResponseExcerpt = { status: number; headers: [string, string][]; body?: unknown }

type Example = {
  /** Line of the `# → <status>` annotation. */
  line: number
  status: number
  /** `METHOD url` as written, for the test name. */
  request: string
  curl: CurlCommand
  /** `NAME=$(curl … | jq -r .a.b)`: store that field of the response as `$NAME`. */
  capture?: { name: string; path: string[] }
  response?: ResponseExcerpt
}

const fail = (line: number, message: string): never => {
  throw new Error(`line ${line}: ${message}`)
}

/** Fenced code blocks (```lang … ```), with 1-based line numbers. */
const fencesOf = (markdown: string): Fence[] => {
  const fences: Fence[] = []
  let open: Fence | undefined
  markdown.split('\n').forEach((text, index) => {
    const line = index + 1
    const marker = /^```(\S*)\s*$/.exec(text)
    if (open === undefined) {
      if (marker) open = { lang: marker[1] ?? '', lines: [], line, endLine: line }
    } else if (text.trimEnd() === '```') {
      fences.push({ ...open, endLine: line })
      open = undefined
    } else {
      open.lines.push(text)
    }
  })
  if (open) fail(open.line, 'code block is never closed')
  return fences
}

/** Splits a command into words the way a POSIX shell would, for the few forms examples use. */
const shellWords = (command: string, line: number): Word[] => {
  const words: Word[] = []
  let word: (string | { variable: string })[] | undefined
  const push = (part: string | { variable: string }) => {
    word ??= []
    const last = word.at(-1)
    if (typeof part === 'string' && typeof last === 'string') word[word.length - 1] = last + part
    else word.push(part)
  }
  /** Reads `$NAME` or `${NAME}` at `i` (the `$`); returns the index after it. */
  const readVariable = (i: number): number => {
    const match = /^\$(?:([A-Za-z_]\w*)|\{([A-Za-z_]\w*)\})/.exec(command.slice(i))
    const name = match?.[1] ?? match?.[2]
    if (match === null || name === undefined) return fail(line, `unsupported '$' in: ${command}`)
    push({ variable: name })
    return i + match[0].length
  }
  let i = 0
  while (i < command.length) {
    const char = command[i] ?? ''
    if (/\s/.test(char)) {
      if (word) words.push(word)
      word = undefined
      i++
    } else if (char === "'") {
      const end = command.indexOf("'", i + 1)
      if (end < 0) fail(line, `unterminated ' in: ${command}`)
      push(command.slice(i + 1, end))
      i = end + 1
    } else if (char === '"') {
      push('')
      i++
      while (command[i] !== '"') {
        if (i >= command.length) fail(line, `unterminated " in: ${command}`)
        const inner = command[i] ?? ''
        if (inner === '$') i = readVariable(i)
        else if (inner === '`') fail(line, `command substitution is not supported: ${command}`)
        else if (inner === '\\' && /["\\$`]/.test(command[i + 1] ?? '')) {
          push(command[i + 1] ?? '')
          i += 2
        } else {
          push(inner)
          i++
        }
      }
      i++
    } else if (char === '$') {
      i = readVariable(i)
    } else if (/[|;&<>()`\\#*?[\]{}~]/.test(char)) {
      fail(line, `shell syntax '${char}' is not supported in: ${command}`)
    } else {
      push(char)
      i++
    }
  }
  if (word) words.push(word)
  return words
}

const literalOf = (word: Word, line: number): string =>
  word.every((part) => typeof part === 'string')
    ? word.join('')
    : fail(line, `expected literal text, got a variable in '${rawOf(word)}'`)

const rawOf = (word: Word): string =>
  word.map((part) => (typeof part === 'string' ? part : `$${part.variable}`)).join('')

/** The curl options the examples may use; any other option throws. */
const parseCurl = (command: string, line: number): CurlCommand => {
  const [program, ...args] = shellWords(command, line)
  if (program === undefined || literalOf(program, line) !== 'curl') {
    fail(line, `expected a curl command, got: ${command}`)
  }
  let method: string | undefined
  let url: Word | undefined
  let body: Word | undefined
  const headers: Word[] = []
  let i = 0
  const nextValue = (flag: string): Word => {
    i += 1
    return args[i] ?? fail(line, `${flag} needs a value in: ${command}`)
  }
  for (; i < args.length; i++) {
    const arg = args[i] ?? []
    const flag = arg.length === 1 && typeof arg[0] === 'string' ? arg[0] : undefined
    if (flag === '-s' || flag === '-i') continue // output only: no effect on the request
    if (flag === '-o') {
      nextValue(flag) // where the answer is written: no effect on the request
      continue
    }
    if (flag === '-X') {
      if (method !== undefined) fail(line, `-X given twice in: ${command}`)
      method = literalOf(nextValue(flag), line)
      if (!/^[A-Z]+$/.test(method)) fail(line, `-X needs an upper-case method, got ${method}`)
    } else if (flag === '-H') {
      headers.push(nextValue(flag))
    } else if (flag === '-d') {
      if (body !== undefined) fail(line, `-d given twice in: ${command}`)
      body = nextValue(flag)
      if (rawOf(body).startsWith('@')) fail(line, `-d @file is not supported in: ${command}`)
    } else if (flag?.startsWith('-')) {
      fail(line, `curl option ${flag} is not supported in: ${command}`)
    } else if (url === undefined) {
      url = arg
    } else {
      fail(line, `more than one URL in: ${command}`)
    }
  }
  if (url === undefined) return fail(line, `no URL in: ${command}`)
  if (!rawOf(url).startsWith(`${BASE_URL}/`)) fail(line, `URL must start with ${BASE_URL}/`)
  return {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    url,
    headers,
    ...(body === undefined ? {} : { body }),
  }
}

/** `HTTP/1.1 201 Created`, header lines, a blank line, then an optional JSON body excerpt. */
const parseExcerpt = (fence: Fence): ResponseExcerpt => {
  const [statusLine = '', ...rest] = fence.lines
  const status = /^HTTP\/1\.1 (\d{3})( .*)?$/.exec(statusLine)?.[1]
  if (status === undefined) return fail(fence.line + 1, `expected 'HTTP/1.1 <status> <reason>'`)
  const blank = rest.indexOf('')
  const headerLines = blank < 0 ? rest : rest.slice(0, blank)
  const headers = headerLines.map((text, index): [string, string] => {
    const match = /^([a-z0-9-]+): (.+)$/.exec(text)
    if (!match?.[1] || !match[2]) return fail(fence.line + 2 + index, `not a header: ${text}`)
    return [match[1], match[2]]
  })
  const bodyText = blank < 0 ? '' : rest.slice(blank + 1).join('\n')
  if (bodyText.trim() === '') return { status: Number(status), headers }
  if (!headers.some(([name]) => name === 'content-type')) {
    fail(fence.line, 'a response excerpt with a body must show its content-type')
  }
  let body: unknown
  try {
    body = JSON.parse(bodyText)
  } catch (error) {
    fail(fence.line, `the body excerpt is not JSON (${String(error)})`)
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    fail(fence.line, 'the body excerpt must be a JSON object')
  }
  return { status: Number(status), headers, body }
}

const ANNOTATION = /^# → (\d{3})$/
const CAPTURE = /^([A-Za-z_]\w*)=\$\((.*)\)$/s
const JQ_FIELD = /\|\s*jq -r ((?:\.[A-Za-z_]\w*)+)\s*$/

/** Every annotated curl example of a markdown file, in order, with its response excerpt if shown. */
const collectExamples = (markdown: string): Example[] => {
  const examples: Example[] = []
  const captured = new Set<string>()
  let previous: { fence: Fence; examples: Example[] } | undefined
  for (const fence of fencesOf(markdown)) {
    if (fence.lang === 'http') {
      const owner = previous?.fence.endLine === fence.line - 2 ? previous : undefined
      const [example, ...others] = owner?.examples ?? []
      if (example === undefined || others.length > 0) {
        fail(fence.line, 'a response excerpt must follow a ```sh block with exactly one example')
      } else {
        example.response = parseExcerpt(fence)
        if (example.response.status !== example.status) {
          fail(
            fence.line,
            `excerpt shows ${example.response.status}, annotation says ${example.status}`,
          )
        }
      }
    }
    previous = undefined
    if (fence.lang !== 'sh') continue
    const inBlock: Example[] = []
    let pending: { status: number; line: number } | undefined
    for (let i = 0; i < fence.lines.length; i++) {
      const line = fence.line + 1 + i
      const text = fence.lines[i] ?? ''
      const annotation = ANNOTATION.exec(text)
      if (annotation) {
        if (pending) fail(pending.line, 'a `# → <status>` line must be followed by a command')
        pending = { status: Number(annotation[1]), line }
        continue
      }
      if (text.trim() === '' || text.startsWith('#')) {
        if (pending) fail(pending.line, 'a `# → <status>` line must be followed by a command')
        continue
      }
      let command = text
      while (command.endsWith('\\')) {
        i++
        if (i >= fence.lines.length) fail(line, 'the last line ends with a backslash')
        command = `${command.slice(0, -1).trimEnd()} ${(fence.lines[i] ?? '').trim()}`
      }
      if (!pending) {
        if (/\bcurl\b/.test(command)) fail(line, 'a curl example needs a `# → <status>` line')
        continue
      }
      const capture = CAPTURE.exec(command)
      const jq = capture ? JQ_FIELD.exec(capture[2] ?? '') : null
      if (capture && !jq) fail(line, 'a capture must read `NAME=$(curl … | jq -r .field)`')
      const curlText = capture && jq ? (capture[2] ?? '').slice(0, jq.index) : command
      const curl = parseCurl(curlText.trim(), line)
      for (const word of [curl.url, ...curl.headers, ...(curl.body ? [curl.body] : [])]) {
        for (const part of word) {
          if (typeof part !== 'string' && !captured.has(part.variable)) {
            fail(line, `$${part.variable} is not captured by an earlier example`)
          }
        }
      }
      const example: Example = {
        line: pending.line,
        status: pending.status,
        request: `${curl.method} ${rawOf(curl.url).slice(BASE_URL.length)}`,
        curl,
        ...(capture?.[1] && jq?.[1]
          ? { capture: { name: capture[1], path: jq[1].slice(1).split('.') } }
          : {}),
      }
      if (example.capture) captured.add(example.capture.name)
      inBlock.push(example)
      pending = undefined
    }
    if (pending) fail(pending.line, 'a `# → <status>` line must be followed by a command')
    examples.push(...inBlock)
    previous = { fence, examples: inBlock }
  }
  return examples
}

type Variables = Map<string, string>

const resolve = (word: Word, variables: Variables): string =>
  word
    .map((part) => {
      if (typeof part === 'string') return part
      const value = variables.get(part.variable)
      if (value === undefined) throw new Error(`$${part.variable} was not captured`)
      return value
    })
    .join('')

type MockApp = ReturnType<typeof createMockApp>

/** Sends one example through `app.request()` as curl would send it; stores its capture. */
const send = async (app: MockApp, example: Example, variables: Variables) => {
  const { curl } = example
  const headers = new Headers()
  for (const word of curl.headers) {
    const header = resolve(word, variables)
    const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(\S.*)$/.exec(header)
    if (!match?.[1] || !match[2]) throw new Error(`line ${example.line}: bad -H '${header}'`)
    headers.append(match[1], match[2])
  }
  if (curl.body !== undefined && !headers.has('content-type')) {
    headers.set('content-type', CURL_FORM_CONTENT_TYPE)
  }
  const res = await app.request(resolve(curl.url, variables).slice(BASE_URL.length), {
    method: curl.method,
    headers,
    body: curl.body === undefined ? null : resolve(curl.body, variables),
  })
  const text = await res.text()
  if (example.capture) {
    let value: unknown = JSON.parse(text)
    for (const key of example.capture.path) {
      value = typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined
    }
    if (typeof value !== 'string') {
      throw new Error(`line ${example.line}: .${example.capture.path.join('.')} is not a string`)
    }
    variables.set(example.capture.name, value)
  }
  return { res, text }
}

/** An excerpt as a matcher: `"…"` matches anything, `"wrk_…"` any string with that prefix. */
const toPattern = (excerpt: unknown): unknown => {
  if (typeof excerpt === 'string' && excerpt.endsWith(ELLIPSIS)) {
    const prefix = excerpt.slice(0, -ELLIPSIS.length)
    return prefix === ''
      ? expect.anything()
      : expect.stringMatching(new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
  }
  if (Array.isArray(excerpt)) return excerpt.map(toPattern)
  if (typeof excerpt === 'object' && excerpt !== null) {
    return Object.fromEntries(
      Object.entries(excerpt).map(([key, value]) => [key, toPattern(value)]),
    )
  }
  return excerpt
}

/** The examples of every documentation file; an error names the file. */
const EXAMPLES = DOCUMENTATION.flatMap(({ path, text }) => {
  try {
    return collectExamples(text).map((example) => ({ ...example, file: path }))
  } catch (error) {
    throw new Error(`${path} ${error instanceof Error ? error.message : String(error)}`)
  }
})

/** The text of a `## heading` section, up to the next `## `. */
const sectionOf = (heading: string) => {
  const start = README.indexOf(`\n## ${heading}\n`)
  const end = README.indexOf('\n## ', start + 1)
  return start < 0 ? '' : README.slice(start, end < 0 ? undefined : end)
}

describe('README and docs/', () => {
  it('starts the quick start with `npm install && npm start` and `npm test`', () => {
    const commands = fencesOf(sectionOf('Quick start'))
      .filter((fence) => fence.lang === 'sh')
      .flatMap((fence) => fence.lines)
    expect(commands).toEqual(['npm install && npm start', 'npm test'])
  })

  it('has curl examples for the three operations and for a 400, a 404 and a 415', () => {
    const requests = EXAMPLES.map((example) => example.request.replace(/\/[a-z]+_\w+/g, '/{id}'))
    expect.soft(requests).toContain('POST /v1/workers')
    expect.soft(requests).toContain('PATCH /v1/workers/{id}')
    expect.soft(requests).toContain('PATCH /v1/orgs/{id}/llm-providers/{id}')
    expect
      .soft(EXAMPLES.map((example) => example.status))
      .toEqual(expect.arrayContaining([200, 201, 400, 404, 415]))
  })

  it.each(
    EXAMPLES.map(
      (example) =>
        [
          `${example.file} line ${example.line}, ${example.request}`,
          example.status,
          example,
        ] as const,
    ),
  )('answers the documented example at %s with %i', async (_title, _status, example) => {
    const app = createMockApp()
    const variables: Variables = new Map()
    // A page's examples run in sequence (create, then rename): replay its earlier ones first.
    const page = EXAMPLES.filter((other) => other.file === example.file)
    for (const earlier of page.slice(0, page.indexOf(example))) {
      await send(app, earlier, variables)
    }
    const { res, text } = await send(app, example, variables)
    expect(res.status, text).toBe(example.status)
    if (!example.response) return
    for (const [name, value] of example.response.headers) {
      expect.soft(res.headers.get(name), `header ${name}`).toBe(value)
    }
    if (example.response.body !== undefined) {
      expect(JSON.parse(text)).toMatchObject(toPattern(example.response.body) as object)
    }
  })

  it('rejects a curl option the parser does not understand', () => {
    expect(() => parseCurl(`curl -k ${BASE_URL}/`, 1)).toThrow(/option -k is not supported/)
    expect(() => parseCurl(`curl -d @body.json ${BASE_URL}/v1/workers`, 1)).toThrow(/@file/)
  })

  it('rejects a curl example without a `# → <status>` line above it', () => {
    const markdown = ['```sh', `curl ${BASE_URL}/`, '```'].join('\n')
    expect(() => collectExamples(markdown)).toThrow(/needs a `# → <status>` line/)
  })

  it('rejects an example that uses a variable no earlier example captured', () => {
    const markdown = ['```sh', '# → 200', `curl ${BASE_URL}/v1/workers/$WORKER_ID`, '```'].join(
      '\n',
    )
    expect(() => collectExamples(markdown)).toThrow(/\$WORKER_ID is not captured/)
  })
})
