// The flag parser, in-process: what a command's run receives is read from its declarations.
import { describe, expect, it } from 'vitest'
import { CliError } from '../../src/cli/cli-error.js'
import type { Flags } from '../../src/cli/flag.js'
import { parseFlags } from '../../src/cli/parse-flags.js'

const FLAGS = {
  target: {
    type: 'string',
    value: 'URL',
    help: ['a URL (required), e.g. {example}'],
    required: true,
    example: 'http://127.0.0.1:4010',
  },
  port: { type: 'string', help: ['a port'], integer: { min: 0, max: 65_535 } },
  header: { type: 'string', short: 'H', multiple: true, help: ['a header (repeatable)'] },
  strict: { type: 'boolean', help: ['also our conventions'] },
  format: { type: 'string', choices: ['json', 'junit'], help: ['a format'] },
} as const satisfies Flags

const valuesOf = (args: string[]) => {
  const parsed = parseFlags(FLAGS, args)
  if (parsed.isHelp) throw new Error('the arguments asked for the help')
  return parsed.values
}

const messageOf = (args: string[]) => {
  try {
    parseFlags(FLAGS, args)
  } catch (error) {
    if (error instanceof CliError) return `${error.code} ${error.message}`
    throw error
  }
  throw new Error('parseFlags accepted the arguments')
}

describe('parseFlags', () => {
  it('reads each value as declared: an integer, a list, a boolean, a choice', () => {
    expect(
      valuesOf(['--target', 'http://t', '--port', '0', '-H', 'a: 1', '-H', 'b: 2', '--strict']),
    ).toEqual({
      target: 'http://t',
      port: 0,
      header: ['a: 1', 'b: 2'],
      strict: true,
      format: undefined,
    })
    expect(valuesOf(['--target', 'http://t', '--format', 'junit'])).toMatchObject({
      format: 'junit',
    })
  })

  it('reads an absent list as empty and an absent boolean as false', () => {
    expect(valuesOf(['--target', 'http://t'])).toEqual({
      target: 'http://t',
      port: undefined,
      header: [],
      strict: false,
      format: undefined,
    })
  })

  it('reads an absent flag with a default as its default, typed as declared', () => {
    const withDefaults = {
      out: { type: 'string', help: ['a file'], default: 'out.json' },
      timeout: { type: 'string', help: ['ms'], default: 500, integer: { min: 1, max: 9_999 } },
    } as const satisfies Flags
    const absent = parseFlags(withDefaults, [])
    const given = parseFlags(withDefaults, ['--out', 'x.json', '--timeout', '7'])

    expect(absent.isHelp ? undefined : absent.values).toEqual({ out: 'out.json', timeout: 500 })
    expect(given.isHelp ? undefined : given.values).toEqual({ out: 'x.json', timeout: 7 })
  })

  it.each([[[]], [['--target', '']], [['--port', '1']]])(
    'refuses %j without the required flag, naming it and its example',
    (args) => {
      expect(messageOf(args)).toBe(
        'E_USAGE [worker-api-kit] --target is required, e.g. --target http://127.0.0.1:4010.',
      )
    },
  )

  it('refuses an integer out of its bounds, and a word not among the choices', () => {
    expect(messageOf(['--target', 'http://t', '--port', '65536'])).toBe(
      'E_USAGE [worker-api-kit] --port must be an integer from 0 to 65535; got "65536".',
    )
    expect(messageOf(['--target', 'http://t', '--format', 'xml'])).toBe(
      'E_USAGE [worker-api-kit] --format takes one of json, junit; got "xml".',
    )
  })

  it('answers the help before any check', () => {
    expect(parseFlags(FLAGS, ['--port', 'x', '--help'])).toEqual({ isHelp: true })
  })
})
