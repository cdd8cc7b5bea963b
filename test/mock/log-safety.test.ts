import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'

// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

const logOf = async (path: string, method = 'PATCH') => {
  const lines: string[] = []
  const app = createMockApp({ log: (line) => lines.push(line) })
  await app.request(`http://localhost${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: '{"name":"n"}',
  })
  return lines
}

describe('log safety', () => {
  it.each([
    ['CR LF', '/v1/workers/x%0D%0A200%20OK%20GET%20/forged%200.1ms'],
    ['a lone LF', '/v1/workers/x%0Aforged'],
    ['a terminal escape', '/v1/workers/%1B[2J%1B[31mred'],
    ['NUL and DEL', '/v1/workers/a%00b%7Fc'],
    ['a C1 control', '/v1/workers/%C2%9B31m'],
    ['a line separator', '/v1/workers/a%E2%80%A8b'],
  ])('writes one printable line for a path with %s', async (_, path) => {
    const lines = await logOf(path)
    expect.soft(lines).toHaveLength(1)
    expect.soft(lines[0]).not.toMatch(CONTROL)
    expect.soft(lines[0]).toMatch(/^PATCH \/v1\/workers\/\S+ \d{3} \d+\.\dms$/)
  })

  it.each([
    '/v1/workers/Bearer%20sk-live-PLANTED-123456',
    '/v1/workers/Basic%20c2stbGl2ZS1QTEFOVEVE',
    '/v1/orgs/x/llm-providers/y?apiKey=sk-live-PLANTED',
    '/v1/workers/apiKey=sk-live-PLANTED',
  ])('masks a credential in the path %s', async (path) => {
    const lines = await logOf(path)
    expect(lines.join('\n')).not.toMatch(/PLANTED|c2stbGl2ZS1QTEFOVEVE/)
  })

  it('cuts a very long path in the log and says how much was left out', async () => {
    const lines = await logOf(`/v1/workers/${'a'.repeat(5_000)}`)
    expect.soft(lines[0]?.length).toBeLessThan(400)
    expect.soft(lines[0]).toMatch(/…\(\+\d+\)/)
  })
})
