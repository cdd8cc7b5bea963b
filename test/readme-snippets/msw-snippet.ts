import { setupServer } from 'msw/node' // or setupWorker from 'msw/browser'
import { createMswHandlers } from 'worker-api-kit/msw'

const { handlers, app } = createMswHandlers({ seed: 1, baseUrl: 'https://api.example.com' })
const server = setupServer(...handlers)
server.listen()
// fetch('https://api.example.com/v1/workers', …) is answered by the mock
app.ids // { orgId, llmProviderId }: the seeded ids
server.close()
