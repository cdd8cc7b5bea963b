// e2e/workers.spec.ts
import { expect, test } from './fixtures.js'

test('shows the error the mock is told to answer', async ({ page, mock }) => {
  await mock.once({ match: { operation: 'createWorker' }, problem: { status: 503 } })
  await page.goto('/')
  await page.getByLabel('Name').fill('gpu box')
  await page.getByRole('button', { name: 'Create worker' }).click()
  await expect(page.getByRole('alert')).toContainText('503')
})

test('creates a worker in its own session only', async ({ page, mock }) => {
  await page.goto('/')
  await page.getByLabel('Name').fill('gpu box')
  await page.getByRole('button', { name: 'Create worker' }).click()
  await expect(page.getByRole('status')).toContainText('gpu box')
  const names = (await mock.state()).workers.map(({ worker }) => worker.name)
  expect(names.filter((name) => name === 'gpu box')).toHaveLength(1)
})
