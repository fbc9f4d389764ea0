import { describe, expect, it } from 'vitest'
import { readLocalCloudOptionsFromEnv } from './index.ts'

describe('readLocalCloudOptionsFromEnv', () => {
  it('defaults the data dir and leaves unset knobs to createLocalCloud', () => {
    expect(readLocalCloudOptionsFromEnv({})).toEqual({ dataDir: '.local-cloud' })
  })

  it('reads every variable', () => {
    expect(
      readLocalCloudOptionsFromEnv({
        DATA_DIR: '/tmp/lc',
        LOCAL_CLOUD_TOKEN: 'a',
        LOCAL_CLOUD_SECOND_TOKEN: 'b',
        LOCAL_CLOUD_PROVISION_MS: '0',
        LOCAL_CLOUD_LATENCY_MS: '250',
        LOCAL_CLOUD_FAILURE_RATE: '0.1',
        LOCAL_CLOUD_EMBEDDINGS: 'lexical',
      }),
    ).toEqual({
      dataDir: '/tmp/lc',
      adminToken: 'a',
      secondToken: 'b',
      provisionMs: 0,
      latencyMs: 250,
      failureRate: 0.1,
      embeddings: 'lexical',
    })
  })

  it('refuses values that make no sense, naming the variable', () => {
    expect(() => readLocalCloudOptionsFromEnv({ LOCAL_CLOUD_FAILURE_RATE: '2' })).toThrow(/LOCAL_CLOUD_FAILURE_RATE/)
    expect(() => readLocalCloudOptionsFromEnv({ LOCAL_CLOUD_PROVISION_MS: 'soon' })).toThrow(/LOCAL_CLOUD_PROVISION_MS/)
    expect(() => readLocalCloudOptionsFromEnv({ LOCAL_CLOUD_LATENCY_MS: '-1' })).toThrow(/LOCAL_CLOUD_LATENCY_MS/)
    expect(() => readLocalCloudOptionsFromEnv({ LOCAL_CLOUD_EMBEDDINGS: 'neural' })).toThrow(/LOCAL_CLOUD_EMBEDDINGS/)
  })
})
