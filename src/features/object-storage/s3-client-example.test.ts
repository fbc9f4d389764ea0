import { describe, expect, it } from 'vitest'
import { s3ClientSamples } from './s3-client-example'

describe('the S3 client example', () => {
  it('names the endpoint, the key id and the secret in both samples', () => {
    const samples = s3ClientSamples({
      dnsName: 'ab12cd34.s3.example',
      accessKeyId: 'LCAKEXAMPLE000000001',
      secret: 'se/cr+et',
    })
    expect(samples.map((s) => s.label)).toEqual(['AWS CLI', 'boto3'])
    for (const { code } of samples) {
      expect(code).toContain('https://ab12cd34.s3.example')
      expect(code).toContain('LCAKEXAMPLE000000001')
      expect(code).toContain('se/cr+et')
    }
  })

  it('says where a private endpoint is reached rather than inventing a public name', () => {
    const [cli] = s3ClientSamples({ dnsName: undefined, accessKeyId: 'K', secret: 'S' })
    expect(cli!.code).toContain('--endpoint-url https://<the endpoint’s address on your network>')
  })
})
