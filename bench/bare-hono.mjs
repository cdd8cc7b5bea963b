// The baseline: bare Hono on @hono/node-server answering fixed JSON bodies of the mock's size.
// Usage: node bench/bare-hono.mjs PORT BODIES_JSON_FILE
import { readFileSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const [port, file] = process.argv.slice(2)
const bodies = JSON.parse(readFileSync(file, 'utf8'))
const app = new Hono()
app.post('/v1/workers', (c) => c.json(bodies.createWorker, 201))
app.patch('/v1/workers/:id', (c) => c.json(bodies.updateWorker, 200))
app.patch('/v1/orgs/:orgId/llm-providers/:llmProviderId', (c) =>
  c.json(bodies.updateLlmProvider, 200),
)
app.get('/', (c) => c.json({ ok: true }))
serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' }, () => {
  process.stdout.write('listening\n')
})
