// Loads the server modules of a folder under test/servers (broken or variants), in file order.
// A builder only: no assertions here.
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * Every server module of a folder under test/servers, in file order, with its file's name.
 * `instance`: load the modules anew under that name, for servers whose state (the mock's workers,
 * what a wrapper remembers) must not carry over from another run.
 */
export const serversIn = async (folder: 'broken' | 'variants', instance?: string) => {
  const dir = fileURLToPath(new URL(`./${folder}/`, import.meta.url))
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.ts'))
    .sort()
  return Promise.all(
    files.map(async (file) => {
      const query = instance === undefined ? '' : `?instance=${encodeURIComponent(instance)}`
      const module: { default: unknown } = await import(`${dir}${file}${query}`)
      return { name: file.replace(/\.ts$/, ''), module: module.default }
    }),
  )
}
