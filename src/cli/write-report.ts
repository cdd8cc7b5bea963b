import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'

/** Writes one report file; a message instead of a throw, so that the other reports are written. */
export const writeReport = async (
  cwd: string,
  flag: string,
  file: string | undefined,
  format: () => string,
) => {
  if (file === undefined) return undefined
  try {
    await writeFile(resolve(cwd, file), format())
    return undefined
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unwritable'
    return `[worker-api-kit] ${flag} ${file}: cannot write it (${code}); pass a path in a writable directory.`
  }
}
