import { type Flag, type Flags, HELP_FLAG } from './flag.js'

/** What a command's help says besides its flags. */
export type UsageText = {
  /** The first line, after `worker-api-kit `: e.g. `contract --base-url URL [options]`. */
  readonly synopsis: string
  /** What the command does, as printed (its lines already broken). */
  readonly about: string
  /** Width of the flag column; a flag as wide as it is followed by two spaces. */
  readonly column: number
}

const labelOf = (name: string, { short, value }: Flag) =>
  `${short === undefined ? '' : `-${short}, `}--${name}${value === undefined ? '' : ` ${value}`}`

const linesOf = (name: string, flag: Flag, column: number) => {
  const label = labelOf(name, flag)
  const cell = label.length < column ? label.padEnd(column) : `${label}  `
  const [first = '', ...rest] = flag.help.map((line) =>
    line
      .replaceAll('{default}', String(flag.default ?? '{default}'))
      .replaceAll('{example}', flag.example ?? '{example}'),
  )
  return [`  ${cell}${first}`, ...rest.map((line) => `${' '.repeat(column + 2)}${line}`)]
}

/** A command's help, generated from its flag declarations (in their order, then `-h, --help`). */
export const usageOf = ({ synopsis, about, column }: UsageText, flags: Flags): string =>
  [
    `worker-api-kit ${synopsis}`,
    '',
    about,
    '',
    'Options:',
    ...Object.entries({ ...flags, ...HELP_FLAG }).flatMap(([name, flag]) =>
      linesOf(name, flag, column),
    ),
  ].join('\n')
