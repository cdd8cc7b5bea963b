import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/** Every `.ts` file below `dir`, recursively. Builders only. */
export const tsFilesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? tsFilesUnder(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  )
