import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { signInAsDemo } from './helpers'

// The platform's answers the demo data never gives (an outage, an operation it does not offer), injected into the
// local cloud through its test hook (LOCAL_CLOUD_TEST_HOOKS): the next matching request answers so, once.
async function answerNext(page: Page, answer: { method: string; path: string; status: number; body?: unknown }) {
  const injected = await page.request.post('/local/testing/answer-next', { data: answer })
  expect(injected.status()).toBe(204)
}

async function openInstance(page: Page, name: string): Promise<string> {
  await signInAsDemo(page, '/instances?project=all&region=all')
  await page.getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  return new URL(page.url()).pathname.split('/').at(-1)!
}

test('an outage on Stop is said in the platform’s words with its trace id, and blames no state', async ({
  page,
  allowConsole,
}) => {
  allowConsole(/status of 500 \(Internal Server Error\).*\/stop\)/)
  const id = await openInstance(page, 'eval-mi300x')
  await expect(page.getByTitle('Power state: Running')).toBeVisible()
  await answerNext(page, {
    method: 'POST',
    path: `/instances/${id}/stop$`,
    status: 500,
    body: {
      error: 'server_error',
      error_description: 'an internal error has occurred',
      trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
    },
  })
  await page.getByRole('button', { name: 'Stop' }).click()
  const dialog = page.getByRole('dialog', { name: 'Stop instance' })
  await dialog.getByRole('button', { name: 'Stop instance' }).click()
  const alert = dialog.getByRole('alert')
  await expect(alert).toContainText('an internal error has occurred')
  await expect(alert).toContainText('Platform trace id 4bf92f3577b34da6a3ce929d0e0e4736')
  await expect(alert).not.toContainText(/state/)
  await expect(page.getByTitle('Power state: Running')).toBeVisible()
})

test('the console output tab says at once that the platform does not offer it (501)', async ({
  page,
  allowConsole,
}) => {
  allowConsole(/status of 501 \(Not Implemented\).*\/consoleoutput/)
  const id = await openInstance(page, 'eval-mi300x')
  await answerNext(page, {
    method: 'GET',
    path: `/instances/${id}/consoleoutput`,
    status: 501,
    body: { error: 'not_implemented', error_description: 'console output is not supported' },
  })
  await page.getByRole('tab', { name: 'Console output' }).click()
  await expect(page.getByText('This platform does not offer the console output.')).toBeVisible()
  await expect(page.getByLabel('Loading the console output')).toBeHidden()
})
