import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { describeRequest, shellQuote } from './describeRequest'
import { networkApi } from './networks'
import { oauth2ProviderApi } from './oauth2Providers'
import type { Service } from './request'

const upstreams: Record<Service, string> = {
  region: 'http://localhost:8080/local/region/',
  compute: 'http://localhost:8080/local/compute',
  identity: 'http://localhost:8080/local/identity',
  aiproxy: 'http://localhost:8080/local/aiproxy',
  inference: 'http://localhost:8080/local/inference',
  reservation: 'http://localhost:8080/local/reservation',
  storage: 'http://localhost:8080/local/storage',
  nks: 'http://localhost:8080/local/nks',
}

describe('describeRequest', () => {
  it('shows the upstream URL, not the console proxy path, with the query', () => {
    const d = describeRequest(
      networkApi.list.request({ projectID: ['p1'], tag: [{ name: 'env', value: 'prod' }] }),
      upstreams,
    )
    expect(d.method).toBe('GET')
    expect(d.url).toBe('http://localhost:8080/local/region/api/v2/networks?tag=env%3Dprod&projectID=p1')
    expect(d.body).toBeUndefined()
    expect(d.curl).toBe(
      `curl 'http://localhost:8080/local/region/api/v2/networks?tag=env%3Dprod&projectID=p1' \\\n  -H "Authorization: Bearer $TOKEN"`,
    )
  })

  it('pretty-prints the body and sends it with a JSON content type', () => {
    const request = networkApi.update.request({
      networkID: 'net-1',
      body: { metadata: { name: 'a' }, spec: { dnsNameservers: ['1.1.1.1'] } },
    })
    const d = describeRequest(request, upstreams)
    expect(d.body).toBe(JSON.stringify({ metadata: { name: 'a' }, spec: { dnsNameservers: ['1.1.1.1'] } }, null, 2))
    expect(d.curl.split(' \\\n  ')).toEqual([
      `curl -X PUT 'http://localhost:8080/local/region/api/v2/networks/net-1'`,
      `-H "Authorization: Bearer $TOKEN"`,
      `-H 'Content-Type: application/json'`,
      `-d ${shellQuote(d.body ?? '')}`,
    ])
  })

  it('quotes a body containing single quotes so the shell passes it through unchanged', () => {
    const request = networkApi.update.request({
      networkID: 'net-1',
      body: {
        metadata: { name: 'a', description: `it's "quoted" $HOME \`x\` \\ end` },
        spec: { dnsNameservers: [] },
      },
    })
    const { body, curl } = describeRequest(request, upstreams)
    const quoted = curl.split('-d ')[1] ?? ''
    const echoed = execFileSync('bash', ['-c', `printf %s ${quoted}`], { encoding: 'utf8' })
    expect(echoed).toBe(body)
  })

  it('shows a secret its endpoint marks sensitive nowhere, in the body or the curl, and says which it hid', () => {
    const secret = 'preview-secret-91c2'
    const request = oauth2ProviderApi.create.request({
      organizationID: 'org-1',
      body: { metadata: { name: 'okta' }, spec: { issuer: 'https://o.example', clientID: 'c', clientSecret: secret } },
    })
    expect((request.body as { spec: { clientSecret: string } }).spec.clientSecret).toBe(secret)
    const described = describeRequest(request, upstreams)
    expect(described.body).toContain('"clientSecret": "<hidden>"')
    expect(`${described.body} ${described.curl}`).not.toContain(secret)
    expect(described.hidden).toEqual(['spec.clientSecret'])
  })
})
