// Loads the server modules of a folder under test/servers (broken or variants), in file order.
// A builder only: no assertions here.
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * Every server module of a folder under test/servers, in file order, with its file's name.
 * `instance`: load the modules anew under that name, for servers whose state (the mock's workers,
 * what a wrapper remembers) must not carry over from another run.
 *
 * One import after the other, as a module's own static imports are: vitest times each import from
 * its request to its answer, and 196 asked at once wait in one queue, so their waits were summed
 * as transform time (206 s of the matrix tier's report, for about 6 s of transforming; its wall
 * time and CPU were the same either way).
 */
export const serversIn = async (folder: 'broken' | 'variants', instance?: string) => {
  const dir = fileURLToPath(new URL(`./${folder}/`, import.meta.url))
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.ts'))
    .sort()
  const query = instance === undefined ? '' : `?instance=${encodeURIComponent(instance)}`
  const servers: { name: string; module: unknown }[] = []
  for (const file of files) {
    const module: { default: unknown } = await import(`${dir}${file}${query}`)
    servers.push({ name: file.replace(/\.ts$/, ''), module: module.default })
  }
  return servers
}
