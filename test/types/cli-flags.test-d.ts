// A command's flags are typed from their declarations (citty's way), and optional fields are
// dropped by one helper. Checked by `npm run typecheck` and `npm run test:types`.
import { describe, expectTypeOf, it } from 'vitest'
import { defineCommand } from '../../src/cli/command.js'
import type { FlagValues } from '../../src/cli/flag-values.js'
import { type DefinedOnly, definedOnly } from '../../src/common/defined-only.js'

const FLAGS = {
  port: { type: 'string', help: ['a port'], integer: { min: 0, max: 65_535 } },
  target: { type: 'string', help: ['a URL'], required: true, example: 'http://127.0.0.1:4010' },
  host: { type: 'string', help: ['a host'], default: '127.0.0.1' },
  header: { type: 'string', multiple: true, help: ['a header (repeatable)'] },
  strict: { type: 'boolean', help: ['also our conventions'] },
  format: { type: 'string', choices: ['json', 'junit'], help: ['a format'] },
} as const

type Read = FlagValues<typeof FLAGS>

describe("a command's flags", () => {
  it('are typed from their declarations', () => {
    expectTypeOf<Read['port']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<Read['target']>().toEqualTypeOf<string>()
    // A default makes the value non-optional: the parser reads it when the flag is absent.
    expectTypeOf<Read['host']>().toEqualTypeOf<string>()
    expectTypeOf<Read['header']>().toEqualTypeOf<string[]>()
    expectTypeOf<Read['strict']>().toEqualTypeOf<boolean>()
    expectTypeOf<Read['format']>().toEqualTypeOf<'json' | 'junit' | undefined>()
  })

  it('reach run typed, and an undeclared flag does not compile', () => {
    defineCommand({
      synopsis: 'demo --target URL',
      about: 'Does a demo.',
      column: 12,
      flags: FLAGS,
      async run(flags) {
        expectTypeOf(flags.port).toEqualTypeOf<number | undefined>()
        expectTypeOf(flags.target).toEqualTypeOf<string>()
        // @ts-expect-error: `--timeout` is not declared, so there is no value to read
        flags.timeout
        // @ts-expect-error: the values are the parser's, not the command's to change
        flags.port = 1
        return 0
      },
    })
  })

  it('declared inline are inferred as literals, without `as const`', () => {
    defineCommand({
      synopsis: 'demo',
      about: 'Does a demo.',
      column: 12,
      flags: { seed: { type: 'string', help: ['a seed'], integer: { min: 0, max: 9 } } },
      async run(flags) {
        expectTypeOf(flags.seed).toEqualTypeOf<number | undefined>()
        return 0
      },
    })
  })
})

declare const maybePort: number | undefined
declare const host: string

describe('definedOnly', () => {
  it('makes each field optional and drops undefined from its type', () => {
    expectTypeOf(definedOnly({ port: maybePort, host })).toEqualTypeOf<
      DefinedOnly<{ port: number | undefined; host: string }>
    >()
    expectTypeOf(definedOnly({ port: maybePort, host })).toEqualTypeOf<{
      port?: number
      host?: string
    }>()
  })

  it('fits an options object under exactOptionalPropertyTypes, where undefined itself does not', () => {
    const listen = (_options: { port?: number; host?: string }) => undefined
    listen(definedOnly({ port: maybePort, host }))
    // @ts-expect-error: `port: undefined` is not an absent port under exactOptionalPropertyTypes
    listen({ port: maybePort, host })
  })
})
