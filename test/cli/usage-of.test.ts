// The help generator and the flag declarations of every command, in-process (no bin needed).
import { describe, expect, it } from 'vitest'
import { COMMANDS } from '../../src/cli/commands/index.js'
import type { Flags } from '../../src/cli/flag.js'
import { usageOf } from '../../src/cli/usage-of.js'

const text = { synopsis: 'demo [options]', about: 'Does a demo.', column: 12 }

describe('usageOf', () => {
  it('pads each flag to the column and indents the next lines of its help under it', () => {
    const flags = {
      out: { type: 'string', value: 'FILE', help: ['first line', 'second line'] },
    } as const satisfies Flags

    expect(usageOf(text, flags)).toBe(
      [
        'worker-api-kit demo [options]',
        '',
        'Does a demo.',
        '',
        'Options:',
        '  --out FILE  first line',
        '              second line',
        '  -h, --help  this help',
      ].join('\n'),
    )
  })

  it('follows a flag as wide as the column with two spaces, and names its short letter', () => {
    const flags = {
      header: { type: 'string', short: 'H', value: 'H', help: ['a header'] },
    } as const satisfies Flags

    expect(usageOf(text, flags)).toContain('\n  -H, --header H  a header\n')
  })

  it('shows the declared default where the help says {default}', () => {
    const flags = {
      port: { type: 'string', value: 'N', help: ['a port (default {default})'], default: 4010 },
    } as const satisfies Flags

    expect(usageOf(text, flags)).toContain('\n  --port N    a port (default 4010)\n')
  })

  it('shows the declared example where the help says {example}', () => {
    const flags = {
      url: {
        type: 'string',
        value: 'URL',
        help: ['a URL (required), e.g. {example}'],
        required: true,
        example: 'http://127.0.0.1:4010',
      },
    } as const satisfies Flags

    expect(usageOf(text, flags)).toContain(
      '\n  --url URL   a URL (required), e.g. http://127.0.0.1:4010\n',
    )
  })
})

describe('the flag declarations of each command', () => {
  it.each(COMMANDS.map((entry) => [entry.name, entry] as const))(
    'give %s a help that shows every declared default and no placeholder',
    async (_name, entry) => {
      const command = await entry.load()

      expect.soft(command.usage).not.toContain('{default}')
      expect.soft(command.usage).not.toContain('{example}')
      for (const [name, flag] of Object.entries(command.flags)) {
        if (flag.default === undefined) continue
        expect.soft(flag.help.join('\n'), `--${name}`).toContain('{default}')
        expect.soft(command.usage, `--${name}`).toContain(`${flag.default}`)
      }
    },
  )

  it.each(COMMANDS.map((entry) => [entry.name, entry] as const))(
    'declare each integer flag of %s as a string flag with a value name',
    async (_name, entry) => {
      const command = await entry.load()

      for (const [name, flag] of Object.entries(command.flags)) {
        if (flag.integer === undefined) continue
        expect.soft(flag.type, `--${name}`).toBe('string')
        expect.soft(flag.value, `--${name}`).toBeDefined()
      }
    },
  )
})
