import * as fs from 'node:fs'
import { resolve } from 'node:path'
import { readFileAtMost, unreadReason } from '../common/read-file-at-most.js'
import { CliError } from './cli-error.js'
import { headerValueFromEnv } from './from-env.js'

/** A header file is a handful of lines; anything larger is not one. */
const MAX_HEADER_FILE_BYTES = 64 * 1024

/** RFC 9110 §5.1 token, then `:` and the value. */
const HEADER_LINE = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*:\s?(.*)$/
/** RFC 9110 §5.5: a field value has no line break and no NUL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const FORBIDDEN_IN_VALUE = /[\r\n\u0000]/

export type HeaderSources = {
  /** Repeated `-H "Name: value"`, `-H "Name: env:VAR"` or `-H "Name: Scheme env:VAR"`. */
  readonly header: readonly string[]
  /** Files of `Name: value` lines (`#` comments; values as -H's), read before the -H values. */
  readonly headerFiles: readonly string[]
  readonly env: Readonly<Record<string, string | undefined>>
  /** What the header files' paths are relative to. */
  readonly cwd: string
}

export type ReadHeaders = {
  readonly headers: Record<string, string>
  /** Values that came from the environment: masked in every output whatever their header's name. */
  readonly secrets: string[]
}

const usage = (message: string) => new CliError(`[worker-api-kit] ${message}`, 'E_USAGE')

/** Checks a value; the message names where it came from, never the value itself. */
const checked = (value: string, where: string) => {
  if (FORBIDDEN_IN_VALUE.test(value))
    throw usage(`${where}: the value holds a line break or NUL; a header value is one line.`)
  return value
}

/** A value as sent: `env:VAR` or `Scheme env:VAR` read from the environment (then kept to mask). */
const sentValue = (raw: string, where: string, sources: HeaderSources, secrets: string[]) => {
  const read = headerValueFromEnv(raw, where, sources.env)
  if (read.secret === undefined) return checked(read.value, where)
  secrets.push(read.secret)
  return checked(read.value, `${where} (from ${read.variable})`)
}

const readHeaderFile = (
  file: string,
  sources: HeaderSources,
  secrets: string[],
): [string, string][] => {
  const read = readFileAtMost(fs, resolve(sources.cwd, file), MAX_HEADER_FILE_BYTES)
  if (read.kind === 'too-large')
    throw usage(
      `--header-file ${file}: too large; a header file holds at most ${MAX_HEADER_FILE_BYTES} bytes.`,
    )
  if (read.kind !== 'read')
    throw usage(
      `--header-file ${file}: cannot read it (${unreadReason(read, MAX_HEADER_FILE_BYTES)}); pass a file of "Name: value" lines.`,
    )
  const text = new TextDecoder().decode(read.bytes)
  const headers: [string, string][] = []
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) continue
    const where = `--header-file ${file} line ${index + 1}`
    const match = HEADER_LINE.exec(line)
    if (!match?.[1]) throw usage(`${where}: expected "Name: value" (# starts a comment).`)
    headers.push([match[1], sentValue((match[2] ?? '').trim(), where, sources, secrets)])
  }
  return headers
}

/** `-H "Name: value"` → `[name, value]`, the value read from the environment for `env:VAR`. */
const readHeaderFlag = (
  raw: string,
  sources: HeaderSources,
  secrets: string[],
): [string, string] => {
  const match = HEADER_LINE.exec(raw)
  if (!match?.[1]) {
    throw usage('-H expects "Name: value"; got a value without a name and a colon.')
  }
  const name = match[1]
  return [name, sentValue(match[2] ?? '', `-H ${name}`, sources, secrets)]
}

/**
 * The headers to send with every request: the header files first, then each -H (a later value of
 * the same name, in any case, replaces an earlier one). Values given as `env:VAR` or in a file
 * stay out of the process list; none is ever printed in an error.
 */
export const readHeaders = async (sources: HeaderSources): Promise<ReadHeaders> => {
  const secrets: string[] = []
  const byName = new Map<string, [string, string]>()
  for (const file of sources.headerFiles) {
    for (const [name, value] of readHeaderFile(file, sources, secrets))
      byName.set(name.toLowerCase(), [name, value])
  }
  for (const raw of sources.header) {
    const [name, value] = readHeaderFlag(raw, sources, secrets)
    byName.set(name.toLowerCase(), [name, value])
  }
  return { headers: Object.fromEntries(byName.values()), secrets }
}
