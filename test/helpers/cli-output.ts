// What the spawned bin and the CLI run in-process share once started: their output quoted in an
// error, and the mock's banner waited for and read. Builders only: no assertions here.
import { BANNER_END, type MockBanner, readBanner } from './mock-banner.js'

/** `label`, then the output so far, for an error that says what the CLI printed. */
export const withOutput = (label: string, out: string, err: string) =>
  `${label}\n--- stdout ---\n${out}\n--- stderr ---\n${err}`

/** A started CLI, spawned or in-process: what reading its banner needs. */
type Printing = {
  readonly waitForStdout: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>
  readonly stdout: () => string
  readonly stderr: () => string
}

/** A started mock: its CLI, base URL and port, and the banner's other lines. */
export type RunningMockOf<Cli> = {
  readonly cli: Cli
  /** Base URL parsed from `worker-api-kit mock listening on http://127.0.0.1:PORT`. */
  readonly url: string
  readonly port: number
  readonly banner: MockBanner
}

/** Resolves once `cli` (a started `mock`) has printed its whole banner, with what it printed. */
export const mockStarted = async <Cli extends Printing>(cli: Cli): Promise<RunningMockOf<Cli>> => {
  await cli.waitForStdout(BANNER_END)
  const read = readBanner(cli.stdout())
  if (read === undefined) {
    throw new Error(withOutput('the mock banner has no listening URL.', cli.stdout(), cli.stderr()))
  }
  return { cli, ...read }
}
