import type { Flags } from './flag.js'

/** `--header-file FILE`: the same flag, read the same way (read-headers.ts), for contract and proxy. */
export const HEADER_FILE_FLAG = {
  'header-file': {
    type: 'string',
    multiple: true,
    value: 'FILE',
    help: ['more headers, one "Name: value" a line (# comments); -H wins on a clash'],
  },
} as const satisfies Flags
