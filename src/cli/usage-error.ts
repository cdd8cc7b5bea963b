/** Exit codes of the CLI (DESIGN: 0 passed, 1 failed checks, 2 usage or unreachable). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const

export type CliErrorCode = 'E_USAGE' | 'E_UNREACHABLE' | 'E_LISTEN' | 'E_STALE'

/** An expected failure of a command: one line to print, an exit code. */
export class CliError extends Error {
  override readonly name = 'CliError'
  constructor(
    message: string,
    readonly code: CliErrorCode,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message)
  }
}
