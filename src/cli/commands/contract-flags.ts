import { MAX_SEED } from '../../common/max-seed.js'
import { CONTRACT_DEFAULTS } from '../../contract/defaults.js'
import type { Flags } from '../flag.js'
import type { FlagValues } from '../flag-values.js'
import { HEADER_FILE_FLAG } from '../header-file-flag.js'
import { REQUEST_TIMEOUT_RANGE } from '../request-timeout-range.js'

export const listOf = (values: readonly string[]): string[] =>
  values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean)

export const CONTRACT_FLAGS = {
  'base-url': {
    type: 'string',
    value: 'URL',
    help: ['the deployment to judge (required), e.g. {example}'],
    required: true,
    example: 'http://127.0.0.1:4010',
  },
  'org-id': {
    type: 'string',
    value: 'ID',
    help: ['an org_… id that exists on the target  } both needed for the LLM-provider'],
  },
  'llm-provider-id': {
    type: 'string',
    value: 'ID',
    help: ['an lpr_… id of that org (it is MODIFIED) } checks; skipped without them'],
  },
  header: {
    type: 'string',
    short: 'H',
    multiple: true,
    value: '"N: v"',
    help: [
      'header sent with every request (repeatable); credentials are redacted',
      'in every form in every output. "N: env:VAR" or "N: Bearer env:VAR" reads',
      'the environment variable VAR (keeps it out of the process list)',
    ],
  },
  ...HEADER_FILE_FLAG,
  timeout: {
    type: 'string',
    value: 'MS',
    help: ['per request (default {default})'],
    default: CONTRACT_DEFAULTS.timeoutMs,
    integer: REQUEST_TIMEOUT_RANGE,
  },
  'run-timeout': {
    type: 'string',
    value: 'MS',
    help: [
      `the whole run, reports included (default ${CONTRACT_DEFAULTS.runTimeoutMs}, or what --rate needs); the`,
      'cases left at the bound are skipped ("run timeout") and the reports still written',
    ],
    // No `default`: without the flag, a paced run's bound grows to fit it (runner.ts).
    integer: { min: 1, max: 3_600_000 },
  },
  seed: {
    type: 'string',
    value: 'N',
    help: [`seed of the generated cases, 0 to ${MAX_SEED} (default: random, printed)`],
    integer: { min: 0, max: MAX_SEED },
  },
  runs: {
    type: 'string',
    value: 'N',
    help: ['generated valid inputs per operation (default {default})'],
    default: CONTRACT_DEFAULTS.runs,
    integer: { min: 1, max: 1000 },
  },
  rate: {
    type: 'string',
    value: 'N/s',
    help: [
      'send at most N requests a second (retries included; 0.02 to 1000, e.g.',
      '5/s), for a target that rate-limits; the banner says how long the run',
      'takes, and without --run-timeout its bound grows to fit (at most 1 h)',
    ],
  },
  'allow-cloud': {
    type: 'boolean',
    help: ['also create cloud workers (they may provision real machines)'],
  },
  'max-creates': {
    type: 'string',
    value: 'N',
    help: ['most workers the run may create (default {default})'],
    default: CONTRACT_DEFAULTS.maxCreates,
    integer: { min: 0, max: 10_000 },
  },
  only: {
    type: 'string',
    multiple: true,
    value: 'IDS',
    help: [
      'run only these check ids (comma-separated, * wildcard); each pattern',
      'must match a check id, the checks left out are listed as skipped',
    ],
  },
  skip: {
    type: 'string',
    multiple: true,
    value: 'IDS',
    help: ['leave these check ids out (each must match one; listed as skipped)'],
  },
  strict: {
    type: 'boolean',
    help: ["also judge worker-api-kit's conventions (exact codes, problem+json, TypeIDs)"],
  },
  json: {
    type: 'string',
    value: 'FILE',
    help: ['write the full report as JSON  } checked writable before the first'],
  },
  junit: { type: 'string', value: 'FILE', help: ['write a JUnit XML report       } request'] },
  html: {
    type: 'string',
    value: 'FILE',
    help: [
      'write a self-contained HTML report (summary, coverage, failures); also',
      'checked writable before the first request',
    ],
  },
  'min-coverage': {
    type: 'string',
    value: 'PCT',
    help: [
      "exit 1 when under PCT % (an integer 0-100) of the spec's rules are",
      'exercised (the coverage table ends every run)',
    ],
    integer: { min: 0, max: 100 },
  },
  quiet: { type: 'boolean', help: ['no progress lines, only failures and the summary'] },
  replay: {
    type: 'string',
    value: 'FILE',
    help: [
      "replay a recording (a HAR: the mock's /__mock/requests.har, a DevTools",
      "export) instead of generated cases; each answer is judged by the spec's",
      'checks and held to what the app saw then (docs/replay.md)',
    ],
  },
  'id-map': {
    type: 'string',
    multiple: true,
    value: 'OLD=NEW',
    help: [
      'with --replay: a recorded id the recording did not create (a seed of the',
      "mock's) and the id of the same thing on the target (repeatable)",
    ],
  },
  'masked-value': {
    type: 'string',
    multiple: true,
    value: 'PTR=VALUE',
    help: [
      'with --replay: the value to send where a body holds a secret (masked, or',
      'recorded in the clear), by JSON pointer (e.g. /apiKey=env:LLM_API_KEY);',
      'without one, such an exchange is skipped and listed. Masked in every output',
    ],
  },
} as const satisfies Flags

export type ContractFlags = FlagValues<typeof CONTRACT_FLAGS>
