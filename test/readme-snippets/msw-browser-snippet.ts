import { setupWorker } from 'msw/browser'
import { createMswHandlers } from 'worker-api-kit/msw'

const { handlers } = createMswHandlers({
  baseUrl: 'https://api.example.com',
  persist: { storage: sessionStorage }, // or localStorage; key: 'worker-api-kit' by default
})
await setupWorker(...handlers).start({ onUnhandledRequest: 'bypass' })
