import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { answerNext, openInApp, signInAsOwnCaller } from './helpers'

async function openInstance(page: Page, name: string): Promise<string> {
  await signInAsOwnCaller(page, '/instances?project=all&region=all')
  await page.getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  return new URL(page.url()).pathname.split('/').at(-1)!
}

// Three faults on one instance's page, each injected just before the press that asks for it (an injected answer is
// taken once, by the next such call of this caller): they leave the instance as it was, so each starts where the last
// ended.
test('on an instance, an outage on Stop, a console output not offered and a console address refused are each said where asked', async ({
  page,
  allowConsole,
}) => {
  allowConsole(/status of 500 \(Internal Server Error\).*\/stop\)/)
  allowConsole(/status of 501 \(Not Implemented\).*\/consoleoutput/)
  const id = await openInstance(page, 'eval-mi300x')

  await test.step('an outage on Stop is said in the platform’s words with its trace id, and blames no state', async () => {
    await expect(page.getByTitle('Power state: Running')).toBeVisible()
    await answerNext(page, {
      method: 'POST',
      path: `/local/compute/api/v2/instances/${id}/stop`,
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
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })

  await test.step('the console output tab says at once that the platform does not offer it (501)', async () => {
    await answerNext(page, {
      method: 'GET',
      path: `/local/compute/api/v2/instances/${id}/consoleoutput`,
      status: 501,
      body: { error: 'not_implemented', error_description: 'console output is not supported' },
    })
    await page.getByRole('tab', { name: 'Console output' }).click()
    await expect(page.getByText('This platform does not offer the console output.')).toBeVisible()
    await expect(page.getByLabel('Loading the console output')).toBeHidden()
  })

  await test.step('a console address the console will not open is said at the button, naming it and why', async () => {
    await answerNext(page, {
      method: 'GET',
      path: `/local/compute/api/v2/instances/${id}/consolesession`,
      status: 200,
      body: { url: 'javascript:alert(document.cookie)' },
    })
    await page.getByRole('button', { name: 'Open console' }).click()
    const refusal = page.getByRole('alert').filter({ hasText: 'The console was not opened' })
    await expect(refusal).toContainText('"javascript:alert(document.cookie)"')
    await expect(refusal).toContainText('only https:// and http:// addresses are opened')
    await expect(page.getByRole('button', { name: 'Open console' })).toBeEnabled()
  })
})

test('a 409 on a security group create is a mark on Name, not an alert, and the input stays', async ({
  page,
  allowConsole,
}) => {
  allowConsole(/status of 409 \(Conflict\).*\/securitygroups\)/)
  await signInAsOwnCaller(page, '/security-groups')
  const networks = (await (await page.request.get('/api/region/api/v2/networks')).json()) as {
    metadata: { id: string; name: string }
  }[]
  const network = networks.find((n) => n.metadata.name === 'training-fabric')!.metadata.id
  await answerNext(page, {
    method: 'POST',
    path: '/local/region/api/v2/securitygroups',
    status: 409,
    body: { error: 'conflict', error_description: 'resource already exists' },
  })
  await openInApp(page, `/security-groups/new?network=${network}`)
  await expect(page.getByRole('heading', { name: 'Create security group', level: 1 })).toBeVisible()
  const name = page.getByRole('textbox', { name: /^Name/ })
  await name.fill('e2e-sg-raced')
  await page.getByRole('button', { name: 'Create security group' }).click()
  // Words about the name mark Name, in the platform's words.
  await expect(page.getByText(/^Resource already exists/)).toBeVisible()
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toBeFocused()
  await expect(name).toHaveValue('e2e-sg-raced')
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0)
})
