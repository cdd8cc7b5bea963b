// How a CommonJS bundle of the kit (dist/cjs, dist/bin/cli.cjs) keeps `import.meta.url`, by which
// the kit finds its built files (dist/docs, dist/dashboard, its fixtures): esbuild's define turns
// it into a name, and the prelude, first in the bundle, gives that name the bundle's own URL. The
// prelude starts with the directive: the kit's code is strict (ES modules are), so a frozen fixture
// throws.
export const MODULE_URL_DEFINE = { 'import.meta.url': '__kitModuleUrl' }
export const STRICT_MODULE_URL_PRELUDE =
  "'use strict'; const __kitModuleUrl = require('node:url').pathToFileURL(__filename).href;"
