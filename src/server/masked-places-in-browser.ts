// The browser twin of masked-places.ts (scripts/browser-build-options.mjs swaps it in): a page's
// MSW mock serves no dashboard, whose replay alone reads where the journal masked a request.
export const maskedPlaces = (
  _sentHeaders: unknown,
  _keptHeaders: Readonly<Record<string, string>>,
  _sentBody: string | undefined,
  _keptBody: unknown,
): string[] => []
