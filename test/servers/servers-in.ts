// Loads the server modules of a folder under test/servers (broken or variants), in file order.
// A builder only: no assertions here.
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** Every server module of a folder under test/servers, in file order, with its file's name. */
export const serversIn = async (folder: 'broken' | 'variants') => {
  const dir = fileURLToPath(new URL(`./${folder}/`, import.meta.url))
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.ts'))
    .sort()
  return Promise.all(
    files.map(async (file) => {
      const module: { default: unknown } = await import(`${dir}${file}`)
      return { name: file.replace(/\.ts$/, ''), module: module.default }
    }),
  )
}
