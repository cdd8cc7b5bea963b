// What `worker-api-kit mock` prints at start-up, read back: shared by the spawned bin and the CLI
// run in-process. Builders only: no assertions here.

/** The banner's other lines, as printed (undefined when a line is missing). */
export type MockBanner = {
  readonly docs: string | undefined
  readonly openapi: string | undefined
  readonly seed: string | undefined
  readonly orgId: string | undefined
  readonly llmProviderId: string | undefined
}

/** The banner's last line: once it is out, the mock serves. */
export const BANNER_END = /^Press Ctrl\+C to stop\.$/m
const BANNER_URL = /^worker-api-kit mock listening on (http:\/\/\S+:(\d+))$/m

const bannerField = (text: string, name: string) =>
  text.match(new RegExp(`^ {2}${name} +(\\S+)$`, 'm'))?.[1]

/** The URL, port and lines of a printed banner; undefined when it has no listening URL. */
export const readBanner = (
  text: string,
): { url: string; port: number; banner: MockBanner } | undefined => {
  const match = text.match(BANNER_URL)
  if (!match?.[1] || !match[2]) return undefined
  return {
    url: match[1],
    port: Number(match[2]),
    banner: {
      docs: bannerField(text, 'docs'),
      openapi: bannerField(text, 'openapi'),
      seed: bannerField(text, 'seed'),
      orgId: bannerField(text, 'org id'),
      llmProviderId: bannerField(text, 'llm provider id'),
    },
  }
}

/** The mock's URL and the ids it prints, as `contract` flags. */
export const contractTargetOf = ({
  url,
  banner,
}: {
  readonly url: string
  readonly banner: MockBanner
}): string[] => [
  '--base-url',
  url,
  '--org-id',
  banner.orgId ?? '',
  '--llm-provider-id',
  banner.llmProviderId ?? '',
]
