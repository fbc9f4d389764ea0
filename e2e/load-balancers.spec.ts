import { expect, test } from './fixtures'
import { signInAsDemo, unique } from './helpers'

test("create a balancer with two listeners from a network's page, change a listener's members, delete it", async ({
  page,
}) => {
  const name = unique('e2e-lb')
  const listener = (n: number) => page.getByRole('group', { name: `Listener ${n}`, exact: true })
  await signInAsDemo(page, '/networks?q=sandbox')
  await page.getByRole('table', { name: 'Networks' }).getByRole('link', { name: 'sandbox', exact: true }).click()
  await page.getByRole('link', { name: 'Create load balancer' }).click()

  // The network the page was on is chosen; the first listener starts as HTTP on 80.
  await expect(page.getByRole('combobox', { name: 'Network' })).toHaveValue(/^sandbox · 192\.168\.10\.0\/24/)
  await page.getByRole('textbox', { name: /^Name/ }).fill(name)
  await listener(1).getByLabel('Listener 1 member 1 address').fill('192.168.10.10')
  await listener(1).getByLabel('Listener 1 member 1 port').fill('8080')
  await listener(1)
    .getByRole('switch', { name: /^Health check/ })
    .check()
  await expect(listener(1).getByLabel(/^Interval/)).toHaveValue('10')
  await page.getByRole('button', { name: 'Add listener' }).click()
  await expect(listener(2).getByLabel(/^Listener name/)).toBeFocused()
  await listener(2)
    .getByLabel(/^Listener name/)
    .fill('dns')
  await listener(2).getByRole('combobox', { name: 'Protocol' }).click()
  await page.getByRole('option', { name: 'UDP' }).click()
  await listener(2).getByLabel(/^Port/).fill('53')
  await listener(2).getByLabel('Listener 2 member 1 address').fill('192.168.10.11')
  await listener(2).getByLabel('Listener 2 member 1 port').fill('53')
  await page.getByRole('button', { name: 'Create load balancer' }).click()

  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  const http = page.getByRole('article', { name: 'Listener http' })
  await expect(http).toContainText('TCP 80')
  await expect(http).toContainText('192.168.10.10:8080')
  await expect(http).toContainText('every 10 s, timeout 5 s')
  await expect(page.getByRole('article', { name: 'Listener dns' })).toContainText('UDP 53')
  // The platform reports the VIP once it has reconciled the balancer; each listener answers on it.
  await expect(http).toContainText(/192\.168\.10\.\d+:80/, { timeout: 15_000 })

  await page.getByRole('link', { name: 'Edit' }).click()
  await listener(1).getByRole('button', { name: 'Add member' }).click()
  await listener(1).getByLabel('Listener 1 member 2 address').fill('192.168.10.12')
  await listener(1).getByLabel('Listener 1 member 2 port').fill('8080')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  await expect(http).toContainText('192.168.10.12:8080')
  await expect(http).toContainText('Members (2)')

  await page.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete load balancer' })
  await dialog.getByLabel(`Type ${name} to confirm`).fill(name)
  await dialog.getByRole('button', { name: 'Delete load balancer' }).click()
  await expect(page.getByRole('heading', { name: 'Load balancers', level: 1 })).toBeVisible()
})
