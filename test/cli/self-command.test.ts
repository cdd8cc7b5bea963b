import { describe, expect, it } from 'vitest'
import { selfCommand } from '../../src/cli/self-command.js'

describe('selfCommand (the CLI line the mock prints to copy)', () => {
  it('runs the installed copy through npx --no-install, which never fetches one', () => {
    expect(selfCommand('/app/node_modules/.bin/worker-api-kit', '/app')).toBe(
      'npx --no-install worker-api-kit',
    )
    expect(selfCommand('/app/node_modules/worker-api-kit/dist/bin/main.js', '/app')).toBe(
      'npx --no-install worker-api-kit',
    )
  })

  it('runs a clone with node and the script path, relative when under the working directory', () => {
    expect(selfCommand('/repo/dist/bin/main.js', '/repo')).toBe('node dist/bin/main.js')
    expect(selfCommand('/repo/dist/bin/main.js', '/elsewhere')).toBe('node /repo/dist/bin/main.js')
    expect(selfCommand("/my repo/it's/main.js", '/tmp')).toBe(`node '/my repo/it'\\''s/main.js'`)
  })

  it('never prints a bare npx worker-api-kit', () => {
    for (const script of [undefined, '', '/repo/dist/bin/main.js', '/a/node_modules/.bin/x']) {
      expect(selfCommand(script, '/repo')).not.toMatch(/^npx worker-api-kit/)
    }
  })
})
