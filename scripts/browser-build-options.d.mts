import type { BuildOptions } from 'esbuild'

/** esbuild options for the browser build of `src/msw/handlers.ts`; msw is the user's own. */
export declare const browserBuildOptions: () => BuildOptions
