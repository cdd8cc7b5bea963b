import { createContext, runInContext } from 'node:vm'
import { build } from 'esbuild'
import { getResponse } from 'msw'
import { beforeAll, describe, expect, it } from 'vitest'
import { browserBuildOptions } from '../scripts/browser-build-options.mjs'
import { SHIPPED_SCENARIOS } from '../src/mock/shipped-scenarios.js'
import { createMswHandlers, type MswHandlersOptions } from '../src/msw/handlers.js'
import { fixedClock } from './helpers/send.js'
import { REPO_ROOT } from './helpers/spawn-cli.js'

const BASE_URL = 'https://api.example.test'
const SEED = 11
const SCENARIOS = Object.keys(SHIPPED_SCENARIOS)

/** What a page has and Node's own globals (process, Buffer, require, setImmediate) are not. */
const WEB_GLOBALS = [
  'AbortController',
  'AbortSignal',
  'atob',
  'Blob',
  'btoa',
  'clearInterval',
  'clearTimeout',
  'console',
  'crypto',
  'DOMException',
  'Event',
  'EventTarget',
  'File',
  'FormData',
  'Headers',
  'performance',
  'queueMicrotask',
  'ReadableStream',
  'Request',
  'Response',
  'setInterval',
  'setTimeout',
  'structuredClone',
  'TextDecoder',
  'TextEncoder',
  'TransformStream',
  'URL',
  'URLSearchParams',
  'WritableStream',
] as const

/** A page's `localStorage`, in memory. */
const memoryStorage = () => {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  }
}

type Respond = (request: Request) => Promise<Response | undefined>
type Kit = {
  createMswHandlers: (options: MswHandlersOptions) => {
    handlers: unknown[]
    app: { ids: { orgId: string; llmProviderId: string } }
  }
  getResponse: (handlers: unknown[], request: Request) => Promise<Response | undefined>
  processType: string
}

let browserKit: Kit

beforeAll(async () => {
  // The browser build's own code and plugins, with msw inside, as one script for a bare context.
  const {
    entryPoints: _entry,
    splitting: _split,
    chunkNames: _chunks,
    ...options
  } = browserBuildOptions()
  const result = await build({
    ...options,
    absWorkingDir: REPO_ROOT,
    stdin: {
      contents: `export { createMswHandlers } from './src/msw/handlers.ts'
        export { getResponse } from 'msw'
        export const processType = typeof process`,
      resolveDir: REPO_ROOT,
      loader: 'ts',
    },
    external: [],
    format: 'iife',
    globalName: 'kit',
    write: false,
    logLevel: 'error', // import.meta is empty in an iife: only the docs page (Node-only) reads it
  })
  const context = createContext(
    Object.fromEntries(WEB_GLOBALS.map((name) => [name, globalThis[name]])),
  )
  context['localStorage'] = memoryStorage() // msw's cookie store keeps its cookies there
  runInContext('globalThis.self = globalThis', context)
  runInContext(result.outputFiles[0]?.text ?? '', context, { filename: 'browser-bundle.js' })
  browserKit = context['kit']
})

const sleepNever = async () => {}

/** Node: the library itself, through msw's own request matching. */
const inNode = (options: MswHandlersOptions) => {
  const { handlers, app } = createMswHandlers({ baseUrl: BASE_URL, ...options })
  const respond: Respond = (request) => getResponse(handlers, request)
  return { respond, ids: app.ids }
}

/** The browser build, in a context without Node's globals. */
const inBrowserBuild = (options: MswHandlersOptions) => {
  const { handlers, app } = browserKit.createMswHandlers({ baseUrl: BASE_URL, ...options })
  const respond: Respond = (request) => browserKit.getResponse(handlers, request)
  return { respond, ids: { ...app.ids } }
}

/**
 * Creates, renames, updates the provider, sends an invalid create and reads the state: every
 * answer as status, the headers that matter and the body text, in order.
 */
const transcript = async (
  { respond, ids }: { respond: Respond; ids: { orgId: string; llmProviderId: string } },
  headers: Record<string, string> = {},
) => {
  const lines: string[] = [JSON.stringify(ids)]
  const send = async (method: string, path: string, body?: unknown, user = 'Bearer ada') => {
    const response = await respond(
      new Request(`${BASE_URL}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: user, ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    )
    const text = (await response?.text()) ?? ''
    const seen = ['content-type', 'retry-after', 'www-authenticate', 'location']
      .map((name) => `${name}=${response?.headers.get(name)}`)
      .join(' ')
    lines.push(`${method} ${path} → ${response?.status} ${seen} ${text}`)
    return text
  }
  await send('GET', '/__mock/state')
  const created = await send('POST', '/v1/workers', { name: 'a worker', destination: 'local' })
  const id = /"id":"(wrk_\w+)"/.exec(created)?.[1] ?? 'wrk_none'
  await send('POST', '/v1/workers', { name: 'in the cloud', destination: 'cloud' })
  await send('PATCH', `/v1/workers/${id}`, { name: 'renamed' })
  await send('PATCH', `/v1/orgs/${ids.orgId}/llm-providers/${ids.llmProviderId}`, {
    providerId: 'openai',
  })
  await send('POST', '/v1/workers', { name: '', destination: 'local' })
  for (let i = 0; i < 4; i++)
    await send('POST', '/v1/workers', { destination: 'local', name: `w${i}` })
  await send('POST', '/v1/workers', { name: 'anonymous', destination: 'local' }, '')
  await send('GET', '/__mock/state')
  return lines
}

describe('browser build of the MSW handlers', () => {
  it('runs where there is no process', () => {
    expect(browserKit.processType).toBe('undefined')
  })

  it.each(SCENARIOS)('answers as Node does under scenario %s (option)', async (scenario) => {
    const options = { seed: SEED, clock: fixedClock, sleep: sleepNever, scenario }
    const expected = await transcript(inNode(options))
    expect(await transcript(inBrowserBuild(options))).toEqual(expected)
  })

  it.each(SCENARIOS)('answers as Node does under scenario %s (header)', async (scenario) => {
    const options = { seed: SEED, clock: fixedClock, sleep: sleepNever }
    const headers = { 'x-mock-session': `s-${scenario}`, 'x-mock-scenario': scenario }
    const expected = await transcript(inNode(options), headers)
    expect(expected.join('\n')).not.toContain('unknown scenario')
    expect(await transcript(inBrowserBuild(options), headers)).toEqual(expected)
  })

  it('starts the default scenario with its three workers', async () => {
    const { respond } = inBrowserBuild({ seed: SEED, clock: fixedClock })
    const state = await respond(new Request(`${BASE_URL}/__mock/state`))
    expect(JSON.parse((await state?.text()) ?? '{}').workers).toHaveLength(3)
  })
})
