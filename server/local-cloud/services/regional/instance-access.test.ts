import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAsAdmin, type StartedLocalCloud } from '../../testing.ts'
import { byName, testClient, type TestClient } from '../../test-client.ts'
import { IMAGES } from '../../catalog/regions.ts'
import { bootLog, lastLines, type BootFacts } from './boot-log.ts'
import { EU_WEST_1 } from '../../catalog/ids.ts'

const compute = '/local/compute/api/v2/instances'
const images = (org: string) => `/local/region/api/v1/organizations/${org}/regions/${EU_WEST_1}/images`

const hasSshKeygen = spawnSync('ssh-keygen', ['-?']).error === undefined

const cloudConfig = (text: string) => Buffer.from(text).toString('base64')

async function newInstance(api: TestClient, org: string, name: string, userData?: string) {
  const network = byName((await api.get('/local/region/api/v2/networks')).body, 'sandbox')
  const flavors = (await api.get(`/local/region/api/v1/organizations/${org}/regions/${EU_WEST_1}/flavors`)).body
  const res = await api.post(compute, {
    metadata: { name },
    spec: {
      organizationId: org,
      projectId: network.metadata.projectId,
      networkId: network.metadata.id,
      flavorId: flavors.find((f: { spec: { gpu?: unknown } }) => !f.spec.gpu).metadata.id,
      imageId: IMAGES[0]!.id,
      ...(userData ? { userData } : {}),
    },
  })
  expect(res.status).toBe(201)
  return res.body.metadata.id as string
}

describe('an instance’s access and snapshots', () => {
  let cloud: StartedLocalCloud
  let api: TestClient
  let org: string
  beforeAll(async () => {
    ;({ cloud, api, org } = await startAsAdmin())
  })
  afterAll(() => cloud.stop())

  it('answers the instance’s own Ed25519 key, the same on every read, which ssh-keygen reads', async (t) => {
    const id = await newInstance(api, org, 'key-a')
    const first = await api.get(`${compute}/${id}/sshkey`)
    expect(first.status).toBe(200)
    expect(Object.keys(first.body)).toEqual(['privateKey'])
    expect(first.body.privateKey).toMatch(
      /^-----BEGIN OPENSSH PRIVATE KEY-----\n[\s\S]+\n-----END OPENSSH PRIVATE KEY-----\n$/,
    )
    expect((await api.get(`${compute}/${id}/sshkey`)).body.privateKey).toBe(first.body.privateKey)
    const other = await newInstance(api, org, 'key-b')
    expect((await api.get(`${compute}/${other}/sshkey`)).body.privateKey).not.toBe(first.body.privateKey)
    // Another organization's instance is as absent as a missing one.
    const second = testClient(cloud.url, cloud.cloud.tokens.second)
    expect((await second.get(`${compute}/${id}/sshkey`)).status).toBe(404)

    if (!hasSshKeygen) t.skip('ssh-keygen is not installed (scripts/ensure-servers.sh installs openssh-client)')
    const dir = mkdtempSync(join(tmpdir(), 'sshkey-'))
    try {
      const file = join(dir, 'key-a.pem')
      writeFileSync(file, first.body.privateKey, { mode: 0o600 })
      const publicKey = execFileSync('ssh-keygen', ['-y', '-f', file], { encoding: 'utf8' })
      expect(publicKey).toMatch(/^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5\S+ key-a\n$/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('gives a demo instance the same key on every fresh start, and its boot log the fingerprint of that key', async (t) => {
    const demoKey = async (client: TestClient, name?: string) => {
      const listed = (await client.get(compute)).body as { metadata: { id: string; name: string } }[]
      // A fresh cloud lists the demo's instances alone; this file's own are found by the demo one's name.
      const instance = name ? byName(listed, name) : listed[0]!
      const key = (await client.get(`${compute}/${instance.metadata.id}/sshkey`)).body.privateKey as string
      const log = (await client.get(`${compute}/${instance.metadata.id}/consoleoutput`)).body.contents as string
      return { name: instance.metadata.name, key, fingerprint: /ssh-ed25519 \| (SHA256:\S+) \|/.exec(log)?.[1] }
    }
    const fresh = await startAsAdmin()
    let here: Awaited<ReturnType<typeof demoKey>>
    try {
      here = await demoKey(fresh.api)
    } finally {
      await fresh.cloud.stop()
    }
    expect(await demoKey(api, here.name)).toEqual(here)
    expect(here.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/)

    if (!hasSshKeygen) t.skip('ssh-keygen is not installed (scripts/ensure-servers.sh installs openssh-client)')
    const dir = mkdtempSync(join(tmpdir(), 'sshkey-'))
    try {
      const file = join(dir, 'demo.pem')
      writeFileSync(file, here.key, { mode: 0o600 })
      expect(execFileSync('ssh-keygen', ['-l', '-f', file], { encoding: 'utf8' })).toContain(` ${here.fingerprint} `)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('dates the boot log’s cloud-init lines from the instance’s creation', async () => {
    const id = await newInstance(api, org, 'log-dated')
    const created = Date.parse((await api.get(`${compute}/${id}`)).body.metadata.creationTime)
    const log: string = (await api.get(`${compute}/${id}/consoleoutput`)).body.contents
    const dates = [...log.matchAll(/^Cloud-init v\. \S+ (?:running '[^']+'|finished) at (.+?) \+0000\./gm)]
    expect(dates).toHaveLength(5)
    for (const [, date] of dates) {
      // To the second, as cloud-init prints it.
      expect(Date.parse(`${date} GMT`)).toBeGreaterThanOrEqual(Math.floor(created / 1000) * 1000)
      expect(Date.parse(`${date} GMT`)).toBeLessThanOrEqual(Date.now())
    }
  })

  it('answers the boot log with the user data’s runcmd lines and their output, and its last lines by length', async () => {
    const userData = cloudConfig(
      '#cloud-config\npackages:\n  - nginx\nruncmd:\n  - echo "hello from runcmd"\n  - [systemctl, enable, --now, nginx]\nfinal_message: done\n',
    )
    const id = await newInstance(api, org, 'log-a', userData)
    const { status, body } = await api.get(`${compute}/${id}/consoleoutput`)
    expect(status).toBe(200)
    expect(Object.keys(body)).toEqual(['contents'])
    const log: string = body.contents
    expect(log).toMatch(/^\[ +0\.000000\] Linux version /)
    for (const stage of ['init-local', 'init', 'modules:config', 'modules:final'])
      expect(log).toContain(`running '${stage}'`)
    expect(log).toContain('+ echo "hello from runcmd"\nhello from runcmd\n+ systemctl enable --now nginx\n')
    expect(log).toMatch(/log-a login: \n$/)

    const tail = (await api.get(`${compute}/${id}/consoleoutput?length=3`)).body.contents
    expect(tail).toBe(log.split('\n').slice(-4).join('\n'))
    const bad = await api.get(`${compute}/${id}/consoleoutput?length=lots`)
    expect(bad.status).toBe(400)
    expect(bad.body.error_description).toBe('parameter "length" in query has an error: value must be an integer')
  })

  it('opens a console session whose page says there is no machine and shows the log inert', async () => {
    const id = await newInstance(
      api,
      org,
      'console-a',
      cloudConfig('#cloud-config\nruncmd:\n  - echo "<img src=x onerror=alert(1)>\u001b[31m"\n'),
    )
    const session = await api.get(`${compute}/${id}/consolesession`)
    expect(session.status).toBe(200)
    const url = new URL(session.body.url)
    expect(url.pathname).toMatch(/^\/local\/compute\/console\/[\w-]{32}$/)
    const page = await fetch(`${cloud.url}${url.pathname}`)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await page.text()
    expect(html).toContain('runs no machine behind this instance')
    expect(html).toContain('Linux version')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;^[[31m')
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<script')
    expect((await fetch(`${cloud.url}/local/compute/console/not-a-session`)).status).toBe(404)

    expect((await api.post(`${compute}/${id}/stop`)).status).toBe(202)
    const stopped = await api.get(`${compute}/${id}/consolesession`)
    expect(stopped.status).toBe(400)
    expect(stopped.body.error_description).toBe('the instance is Stopped; a console needs a Running instance')
  })

  it('snapshots an instance into an image of the region that new instances boot from, and deletes it', async () => {
    const id = await newInstance(api, org, 'snap-a')
    const res = await api.post(`${compute}/${id}/snapshot`, { metadata: { name: 'snap-a-image' } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      metadata: { name: 'snap-a-image', createdBy: expect.any(String) },
      spec: IMAGES[0]!.spec,
      status: { state: 'ready' },
    })
    const listed = byName((await api.get(images(org))).body, 'snap-a-image')
    expect(listed).toEqual(res.body)
    // Not another organization's to see.
    const second = testClient(cloud.url, cloud.cloud.tokens.second)
    const theirs = (await second.get(images(cloud.cloud.demo.secondOrganizationId))).body
    expect(theirs.some((i: { metadata: { name: string } }) => i.metadata.name === 'snap-a-image')).toBe(false)

    const network = byName((await api.get('/local/region/api/v2/networks')).body, 'sandbox')
    const original = (await api.get(`${compute}/${id}`)).body
    const booted = await api.post(compute, {
      metadata: { name: 'from-snap-a' },
      spec: {
        flavorId: original.spec.flavorId,
        organizationId: org,
        projectId: network.metadata.projectId,
        networkId: network.metadata.id,
        imageId: res.body.metadata.id,
      },
    })
    expect(booted.status).toBe(201)

    expect((await api.del(`${images(org)}/${res.body.metadata.id}`)).status).toBe(202)
    expect(
      (await api.get(images(org))).body.some(
        (i: { metadata: { id: string } }) => i.metadata.id === res.body.metadata.id,
      ),
    ).toBe(false)
    const platformImage = await api.del(`${images(org)}/${IMAGES[0]!.id}`)
    expect(platformImage.status).toBe(403)
    expect(platformImage.body.error_description).toBe('the image is provided by the platform and cannot be deleted')
  })

  // The compute document lists 201, 400, 401, 403, 404 and 500 for a snapshot, and the region's images no 409: the
  // platform keeps no image name unique, so a second image of the same name is made, as with its other resources.
  it('makes a second image under a name already taken (201, never 409), and refuses a name it does not accept (400)', async () => {
    const id = await newInstance(api, org, 'snap-b')
    const first = await api.post(`${compute}/${id}/snapshot`, { metadata: { name: 'snap-b-image' } })
    expect(first.status).toBe(201)
    const again = await api.post(`${compute}/${id}/snapshot`, { metadata: { name: 'snap-b-image' } })
    expect(again.status).toBe(201)
    expect(again.body.metadata.name).toBe('snap-b-image')
    expect(again.body.metadata.id).not.toBe(first.body.metadata.id)
    const catalogName = await api.post(`${compute}/${id}/snapshot`, { metadata: { name: IMAGES[0]!.name } })
    expect(catalogName.status).toBe(201)
    const invalid = await api.post(`${compute}/${id}/snapshot`, { metadata: { name: 'Not A Name' } })
    expect(invalid.status).toBe(400)
    expect(invalid.body.error).toBe('invalid_request')
    expect((await api.post(`${compute}/${id}/snapshot`, {})).status).toBe(400)
  })
})

describe('while instances take time', () => {
  let cloud: StartedLocalCloud
  let api: TestClient
  beforeAll(async () => {
    ;({ cloud, api } = await startAsAdmin({ provisionMs: 600_000 }))
  })
  afterAll(() => cloud.stop())

  it('refuses to snapshot an instance being deleted', async () => {
    const id = await newInstance(api, cloud.cloud.demo.organizationId, 'snap-gone')
    expect((await api.del(`${compute}/${id}`)).status).toBe(202)
    const res = await api.post(`${compute}/${id}/snapshot`, { metadata: { name: 'snap-gone-image' } })
    expect(res.status).toBe(400)
    expect(res.body.error_description).toBe('the instance is being deleted')
  })

  it('lists a new snapshot as pending, not yet offered to boot from', async () => {
    const org = cloud.cloud.demo.organizationId
    const id = await newInstance(api, org, 'snap-slow')
    const image = (await api.post(`${compute}/${id}/snapshot`, { metadata: { name: 'snap-slow-image' } })).body
    expect(image.status.state).toBe('pending')
    const original = (await api.get(`${compute}/${id}`)).body
    const booted = await api.post(compute, {
      metadata: { name: 'from-snap-slow' },
      spec: {
        flavorId: original.spec.flavorId,
        organizationId: org,
        projectId: original.metadata.projectId,
        networkId: original.status.networkId,
        imageId: image.metadata.id,
      },
    })
    expect(booted.status).toBe(400)
  })
})

describe('the boot log', () => {
  const facts: BootFacts = {
    hostname: 'web-1',
    image: IMAGES[0]!,
    cpus: 2,
    memoryGiB: 4,
    privateIP: '192.168.10.10',
    user: 'ubuntu',
    keyFingerprint: 'SHA256:abc',
    userData: cloudConfig('#!/bin/sh\n# setup\napt-get install -y nginx\necho ready\n'),
    failed: false,
    bootedAt: Date.parse('2026-11-26T00:10:00Z'),
  }

  it('grows while the instance boots, ending with the login prompt once booted', () => {
    const early = bootLog(facts, 100, 10_000)
    const later = bootLog(facts, 5_000, 10_000)
    const done = bootLog(facts, 20_000, 10_000)
    expect(early).toMatch(/Linux version/)
    expect(early).not.toContain('Cloud-init')
    expect(later.startsWith(early)).toBe(true)
    expect(later.length).toBeGreaterThan(early.length)
    expect(later).not.toContain('login:')
    expect(done.startsWith(later)).toBe(true)
    expect(done).toContain('+ apt-get install -y nginx\n+ echo ready\nready\n')
    expect(done).toContain('Authorized keys from /home/ubuntu/.ssh/authorized_keys for user ubuntu')
    expect(done).toMatch(/web-1 login: \n$/)
  })

  it('dates cloud-init’s lines from the boot’s own start, spread over its real duration', () => {
    const log = bootLog(facts, 20_000, 10_000)
    expect(log).toContain("running 'init-local' at Thu, 26 Nov 2026 00:10:01 +0000. Up 6.02 seconds.")
    expect(log).toMatch(/finished at Thu, 26 Nov 2026 00:10:(0\d|10) \+0000\./)
  })

  it('ends in a kernel panic for an instance that failed', () => {
    expect(bootLog({ ...facts, failed: true }, 0, 0)).toMatch(/Kernel panic - not syncing: .*\n$/)
  })

  it('answers the last lines', () => {
    expect(lastLines('a\nb\nc\n', 2)).toBe('b\nc\n')
    expect(lastLines('a\nb\nc\n', 10)).toBe('a\nb\nc\n')
    expect(lastLines('a\nb\n', 0)).toBe('')
  })
})
