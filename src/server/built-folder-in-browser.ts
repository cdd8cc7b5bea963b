// The browser twin of built-folder.ts (scripts/browser-build-options.mjs swaps it in): a page has
// no files, so no built folder to find (the dashboard's and the docs page's answer so).
export const findBuiltFolder = (_folder: string, _marker: string): string | undefined => undefined
