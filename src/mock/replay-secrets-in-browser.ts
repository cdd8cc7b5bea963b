// The browser twin of replay-secrets.ts (scripts/browser-build-options.mjs swaps it in): a page's
// MSW mock serves no dashboard, so no replay names the places of what was typed into it.
export const SECRETS_HEADER = 'x-mock-secrets'
export const replaySecrets = (
  _header: string,
  _headers: Headers,
  _body: string | undefined,
): string[] => []
