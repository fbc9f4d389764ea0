import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { choose, consoleForFile, fill, renderRoute, warmRoutes } from '../../test/console-harness'

// One local cloud for this file; each test reads the demo data or adds endpoints under names of its own.
const ENDPOINTS = '/api/storage/api/v1/objectstorageendpoints'
const harness = consoleForFile()
let euWest1 = ''
beforeAll(async () => {
  euWest1 = await harness.regionId('eu-west-1')
})
let checkpoints: string
beforeAll(async () => {
  checkpoints = await harness.idOf(ENDPOINTS, 'research-checkpoints')
  await warmRoutes('/object-storage', '/object-storage/new', `/object-storage/${checkpoints}`)
})

interface Endpoint {
  metadata: { id: string; name: string; projectId: string }
  spec: { identityPolicies?: { name: string; document: unknown }[] }
}

/** An endpoint of the demo's public class in eu-west-1, made through the API for a test of its own. */
async function endpointFor(name: string, policies = [{ name: 'rw', document: { Version: '2012-10-17' } }]) {
  const project = await harness.idOf(harness.identity('/projects'), 'sandbox')
  const classes = await harness.platform<{ metadata: { id: string; name: string } }[]>(
    `/api/storage/api/v1/objectstorageendpointclasses?regionID=${euWest1}`,
  )
  const created = await harness.platform<Endpoint>(ENDPOINTS, {
    method: 'POST',
    body: {
      metadata: { name },
      spec: {
        organizationId: harness.cloud.demo.organizationId,
        projectId: project,
        regionId: euWest1,
        objectStorageEndpointClassId: classes.find((c) => c.metadata.name === 'standard-public')!.metadata.id,
        identityPolicies: policies,
      },
    },
  })
  return created.metadata.id
}

describe('object storage endpoint list', () => {
  it('lists the demo endpoints with their public DNS name, or Private', async () => {
    renderRoute('/object-storage?project=all&region=all')
    const table = await screen.findByRole('table', { name: 'Object storage endpoints' })
    expect(await within(table).findByRole('link', { name: 'research-checkpoints' })).toBeTruthy()
    expect(within(table).getByRole('link', { name: 'model-artifacts' })).toBeTruthy()
    const lake = within(table).getByRole('link', { name: 'lake-private' }).closest('tr')!
    expect(within(lake).getByText('Private')).toBeTruthy()
  })
})

describe('object storage endpoint page', () => {
  it('shows the DNS name, the class, each policy as JSON and the access keys by key id, never a secret', async () => {
    renderRoute(`/object-storage/${checkpoints}`)
    expect(await screen.findByRole('heading', { name: 'research-checkpoints', level: 1 })).toBeTruthy()
    const main = within(screen.getByRole('main'))
    expect(main.getByText(/\.s3\.eu-west-1\./)).toBeTruthy()
    expect(await main.findByText('standard-public (public and private)')).toBeTruthy()
    expect(main.getByLabelText('Policy trainer-rw').textContent).toContain('"s3:PutObject"')
    const keys = within(main.getByRole('region', { name: 'Access keys' }))
    expect(await keys.findByText('trainer-cluster')).toBeTruthy()
    expect(keys.getAllByText(/^LCAK[A-Z0-9]{16}$/, { selector: 'code' })).toHaveLength(2)
    expect(keys.queryByText(/secret/i)).toBeNull()
  })
})

describe('object storage access keys', () => {
  it('creates a key bound to a policy and shows its secret once, with the S3 client example; the list then shows its id alone', async () => {
    const id = await endpointFor('int-key-once')
    const { user } = renderRoute(`/object-storage/${id}`)
    const keys = within(await screen.findByRole('region', { name: 'Access keys' }))
    await user.click(keys.getByRole('button', { name: 'Create access key' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Create access key' }))
    await fill(user, dialog.getByRole('textbox', { name: /^Name/ }), 'int-writer')
    await user.click(dialog.getByRole('button', { name: 'Create access key' }))

    const shown = within(await screen.findByRole('dialog', { name: 'Access key int-writer created' }))
    const secret = shown.getByLabelText('Secret access key').textContent!.trim()
    expect(secret.length).toBeGreaterThan(20)
    const keyId = shown.getByText(/^LCAK[A-Z0-9]{16}$/).textContent!
    // The example names the endpoint, the key id and the secret.
    const example = shown.getByRole('tabpanel').textContent!
    expect(example).toMatch(/--endpoint-url https:\/\/[0-9a-f]{8}\.s3\.eu-west-1\./)
    expect(example).toContain(keyId)
    expect(example).toContain(secret)
    expect(shown.queryByText(/bearer token/)).toBeNull()
    // Done asks first while the secret is not stored.
    await user.click(shown.getByRole('button', { name: 'Done' }))
    expect(shown.getByText('Close without storing the secret?')).toBeTruthy()
    await user.click(shown.getByRole('checkbox', { name: 'I have stored this secret' }))
    await user.click(shown.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    // Once closed, the page (and every read behind it) has the key's id, and nowhere its secret.
    expect(await keys.findByText('int-writer')).toBeTruthy()
    expect(keys.getByText(keyId)).toBeTruthy()
    expect(document.body.textContent).not.toContain(secret)
    const listed = await harness.platform(`${ENDPOINTS}/${id}/accesskeys`)
    expect(JSON.stringify(listed)).not.toContain(secret)
  })

  it('keeps no secret in the request preview, which shows the body sent: a name and a policy', async () => {
    const id = await endpointFor('int-key-preview')
    const { user } = renderRoute(`/object-storage/${id}`)
    await user.click(await screen.findByRole('button', { name: 'Create access key' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Create access key' }))
    await fill(user, dialog.getByRole('textbox', { name: /^Name/ }), 'int-previewed')
    const preview = within(dialog.getByRole('region', { name: 'Request preview' }))
    expect(preview.getByText(/"identityPolicy": "rw"/)).toBeTruthy()
    await user.click(dialog.getByRole('button', { name: 'Create access key' }))
    const shown = within(await screen.findByRole('dialog', { name: 'Access key int-previewed created' }))
    const secret = shown.getByLabelText('Secret access key').textContent!.trim()
    // The secret is on screen in the panel and its example only, each once: nothing else echoes it.
    expect(document.body.textContent!.split(secret).length - 1).toBe(2)
  })
})

describe('object storage endpoint create', () => {
  it('checks each policy at its field (a name, unique; JSON that is an object) and keeps the input', async () => {
    const { user } = renderRoute('/object-storage/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-s3-checked')
    const document = screen.getByRole('textbox', { name: /^Policy 1 document/ })
    const submit = () => user.click(screen.getByRole('button', { name: 'Create object storage endpoint' }))
    await fill(user, document, '{ "Version": ')
    await submit()
    expect(await screen.findByText(/^Not valid JSON/)).toBeTruthy()
    await fill(user, document, '["s3:*"]')
    await submit()
    expect(await screen.findByText(/A policy document is a JSON object/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Add identity policy' }))
    await fill(user, screen.getByRole('textbox', { name: /^Policy 2 name/ }), 'bucket-admin')
    await submit()
    expect(await screen.findByText('Policy names are unique within the endpoint.')).toBeTruthy()
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('int-s3-checked')
  })

  it('creates an endpoint of the chosen class with its policy, and opens its page', async () => {
    const { user, router } = renderRoute('/object-storage/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-s3-created')
    await choose(user, /^Project/, /sandbox/)
    await choose(user, /^Region/, /eu-west-1/)
    await choose(user, /^Endpoint class/, /standard-private/)
    await fill(user, screen.getByRole('textbox', { name: /^Policy 1 name/ }), 'readers')
    await user.click(screen.getByRole('button', { name: 'Create object storage endpoint' }))
    expect(await screen.findByRole('heading', { name: 'int-s3-created', level: 1 })).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/object-storage\/[^/]+$/))
    const saved = await harness.platform<Endpoint>(`${ENDPOINTS}/${router.state.location.pathname.split('/').pop()}`)
    expect(saved.spec.identityPolicies).toEqual([
      expect.objectContaining({ name: 'readers', document: expect.objectContaining({ Version: '2012-10-17' }) }),
    ])
  })
})

describe('object storage endpoint edit', () => {
  it('replaces the policies whole, and says the platform’s refusal to drop one a key is bound to', async () => {
    const id = await endpointFor('int-s3-edit')
    await harness.platform(`${ENDPOINTS}/${id}/accesskeys`, {
      method: 'POST',
      body: { metadata: { name: 'bound-key' }, spec: { identityPolicy: 'rw' } },
    })
    const { user } = renderRoute(`/object-storage/${id}/edit`)
    await user.click(await screen.findByRole('button', { name: 'Remove policy 1' }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText(/identity policy rw is bound to access keys bound-key/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Add identity policy' }))
    await fill(user, screen.getByRole('textbox', { name: /^Policy 1 name/ }), 'rw')
    await user.click(screen.getByRole('button', { name: 'Add identity policy' }))
    await fill(user, screen.getByRole('textbox', { name: /^Policy 2 name/ }), 'audit')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(async () =>
      expect(
        (await harness.platform<Endpoint>(`${ENDPOINTS}/${id}`)).spec.identityPolicies?.map((p) => p.name),
      ).toEqual(['rw', 'audit']),
    )
  })
})
