// The vitest entry registers one test per check and operation; here it judges our mock in-process.
import { createMockApp } from '../../src/mock/app.js'
import { describeContract } from '../../src/vitest/describe-contract.js'

const app = createMockApp()

describeContract({
  baseUrl: 'http://mock.in-process',
  fetch: (input, init) => app.request(input, init),
  ...app.ids,
  seed: 3,
  runs: 3,
  strict: true,
})
