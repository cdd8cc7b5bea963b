/** How many folders up from this module the package root may be (src/mock, dist/src/mock, dist/bin). */
const MAX_LEVELS_UP = 5

/**
 * A folder the build writes (`dist/docs`, `dist/dashboard`), found upward from this module so it
 * works from the source tree, the built one and an installed package alike; `marker` is a file
 * it must hold. Undefined when this copy of the kit has none, or off Node (in a browser).
 */
export const findBuiltFolder = (folder: string, marker: string): string | undefined => {
  const get = globalThis.process?.getBuiltinModule
  if (typeof get !== 'function') return undefined
  const fs: typeof import('node:fs') = get('node:fs')
  const path: typeof import('node:path') = get('node:path')
  const url: typeof import('node:url') = get('node:url')
  let dir = path.dirname(url.fileURLToPath(import.meta.url))
  for (let i = 0; i <= MAX_LEVELS_UP; i++) {
    const candidate = path.join(dir, folder)
    if (fs.existsSync(path.join(candidate, marker))) return candidate
    dir = path.dirname(dir)
  }
  return undefined
}
