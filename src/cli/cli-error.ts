/** Exit codes of the CLI (DESIGN: 0 passed, 1 failed checks, 2 usage or unreachable). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const

/** Each kind of expected failure, with the exit code it ends the run with. */
const EXIT_OF_KIND = {
  /** A flag, file or value the user gave cannot be used. */
  E_USAGE: EXIT.usage,
  /** The target never answered. */
  E_UNREACHABLE: EXIT.usage,
  /** The mock or proxy cannot listen where it was told to. */
  E_LISTEN: EXIT.usage,
  /** `--check` found a generated file out of date. */
  E_STALE: EXIT.failed,
} as const

export type CliErrorKind = keyof typeof EXIT_OF_KIND

/**
 * The one error of the CLI: an expected failure of a command, one line to print and the exit
 * code of its kind. `runCli` prints it; library errors are turned into one there, at the boundary.
 */
export class CliError extends Error {
  override readonly name = 'CliError'
  readonly exitCode: number
  constructor(
    message: string,
    readonly code: CliErrorKind,
  ) {
    super(message)
    this.exitCode = EXIT_OF_KIND[code]
  }
}
