// The ceiling of the required stack: the kit's own three routes on @hono/zod-openapi (params and
// body validated by the same schemas) answering fixed JSON of the mock's size, nothing else.
// Usage: node bench/validated-hono.mjs PORT BODIES_JSON_FILE
import { readFileSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { OpenAPIHono } from '@hono/zod-openapi'
import { createWorker, updateLlmProvider, updateWorker } from '../dist/src/api/operations.js'

const [port, file] = process.argv.slice(2)
const bodies = JSON.parse(readFileSync(file, 'utf8'))
const app = new OpenAPIHono()
app.openapi(createWorker, (c) => {
  c.req.valid('json')
  return c.json(bodies.createWorker, 201)
})
app.openapi(updateWorker, (c) => {
  c.req.valid('json')
  return c.json(bodies.updateWorker, 200)
})
app.openapi(updateLlmProvider, (c) => {
  c.req.valid('json')
  return c.json(bodies.updateLlmProvider, 200)
})
app.get('/', (c) => c.json({ ok: true }))
serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' })
