import { access, constants, stat } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { printable } from '../common/printable.js'
import { CliError } from './cli-error.js'

/** A file the run will write, with the flag that named it (`--json`, `--junit`…), relative to the run's working directory. */
export type OutputFile = { readonly flag: string; readonly path: string | undefined }

const codeOf = (error: unknown) =>
  error instanceof Error && 'code' in error ? String(error.code) : 'unwritable'

/** Why `file` cannot be written, or undefined when it can (as far as can be known beforehand). */
const problemOf = async (file: string): Promise<string | undefined> => {
  const found = await stat(file).catch((error: unknown) =>
    codeOf(error) === 'ENOENT' ? undefined : codeOf(error),
  )
  if (typeof found === 'string') return found
  if (found?.isDirectory()) return 'it is a folder'
  if (found) return access(file, constants.W_OK).then(() => undefined, codeOf)
  const folder = dirname(file)
  const foundFolder = await stat(folder).catch(codeOf)
  if (foundFolder === 'ENOENT') return `its folder ${folder} does not exist`
  if (typeof foundFolder === 'string') return foundFolder
  if (!foundFolder.isDirectory()) return `${folder} is not a folder`
  return access(folder, constants.W_OK).then(() => undefined, codeOf)
}

/**
 * Refuses, before the first request, report files that could not be written after the run: a
 * missing folder must not cost a whole run (and its creates on the target) and then its verdict.
 */
export const ensureWritable = async (files: readonly OutputFile[], cwd: string): Promise<void> => {
  const seen = new Map<string, string>()
  for (const { flag, path } of files) {
    if (path === undefined) continue
    const shown = printable(path, 200)
    if (path === '') throw new CliError(`[worker-api-kit] ${flag} needs a file path.`, 'E_USAGE')
    const full = resolve(cwd, path)
    const other = seen.get(full)
    if (other !== undefined) {
      throw new CliError(
        `[worker-api-kit] ${other} and ${flag} both name ${shown}; give each report its own file.`,
        'E_USAGE',
      )
    }
    seen.set(full, flag)
    const problem = await problemOf(full)
    if (problem !== undefined) {
      throw new CliError(
        `[worker-api-kit] ${flag} ${shown}: cannot write it (${printable(problem, 200)}); pass a path in a writable directory.`,
        'E_USAGE',
      )
    }
  }
}
