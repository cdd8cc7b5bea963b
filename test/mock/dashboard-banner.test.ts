// The built bin's banner names the dashboard, and its contract line and GET /__mock/health's come
// from one builder (src/mock/contract-command.ts). Runs the bin: `npm run build` first.
import { z } from '@hono/zod-openapi'
import { afterEach, describe, expect, it } from 'vitest'
import { killSpawned, startMock } from '../helpers/spawn-cli.js'

afterEach(killSpawned)

const Health = z.object({
  mode: z.string(),
  orgId: z.string(),
  llmProviderId: z.string(),
  contract: z.string(),
})

const contractLineOf = (stdout: string) => /^ {2}contract +(.+)$/m.exec(stdout)?.[1]

describe('dashboard in the banner', () => {
  it.each([[[]], [['--auth']]])(
    'prints the dashboard URL, and health gives the same contract line but for the command (%j)',
    async (args) => {
      const mock = await startMock(args)
      const stdout = mock.cli.stdout()
      expect.soft(stdout).toContain(`\n  dashboard        ${mock.url}/__mock/\n`)
      const page = await fetch(`${mock.url}/__mock/`, { signal: AbortSignal.timeout(5_000) })
      expect.soft(page.headers.get('content-type')).toMatch(/^text\/html/)
      const health = await fetch(`${mock.url}/__mock/health`, {
        headers: { authorization: 'Bearer any' },
        signal: AbortSignal.timeout(5_000),
      }).then(async (res) => Health.parse(await res.json()))
      const printed = contractLineOf(stdout) ?? ''
      expect(printed).toMatch(/ contract --base-url /)
      const tail = (line: string) => line.slice(line.indexOf(' contract --base-url '))
      expect.soft(tail(health.contract)).toBe(tail(printed))
      expect.soft(health).toMatchObject({
        mode: 'mock',
        orgId: mock.banner.orgId,
        llmProviderId: mock.banner.llmProviderId,
      })
    },
  )
})
