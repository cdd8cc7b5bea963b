/**
 * The CLI's commands by name, in the order of its help. Their declarations are in commands/; the
 * bin reads only these names, to keep one code cache a command (code-cache.ts).
 */
export const COMMAND_NAMES = ['mock', 'contract', 'proxy', 'pact', 'openapi', 'fixtures'] as const

export type CommandName = (typeof COMMAND_NAMES)[number]

/** `argv[0]` if it names a command, else `other`: help, a typo, a flag. */
export const commandNameOf = (argv: readonly string[]): CommandName | 'other' =>
  COMMAND_NAMES.find((name) => name === argv[0]) ?? 'other'
