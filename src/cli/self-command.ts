import { isAbsolute, relative } from 'node:path'

/** A shell word: quoted only when it needs to be. */
const shellWord = (word: string) =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`

/**
 * How to run this same CLI again from the caller's shell, for the lines the CLI prints to copy.
 * Never a bare `npx worker-api-kit`: where the kit is not installed (this repository's own clone),
 * npx would fetch and run whatever the registry holds under that name. Installed as a dependency
 * (`…/node_modules/…`), `npx --no-install` runs that copy and never installs one; anywhere else,
 * `node` and the path of the script that is running now (`script`, the bin's argv[1]).
 */
export const selfCommand = (script: string | undefined, cwd: string): string => {
  if (script === undefined || script === '') return 'npx --no-install worker-api-kit'
  if (/[\\/]node_modules[\\/]/.test(script)) return 'npx --no-install worker-api-kit'
  const fromCwd = relative(cwd, script)
  const shown = fromCwd === '' || fromCwd.startsWith('..') || isAbsolute(fromCwd) ? script : fromCwd
  return `node ${shellWord(shown)}`
}
