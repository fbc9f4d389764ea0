import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { Cluster } from '../../api/clusters'
import { kubeconfigOf } from './kubeconfig'

const cluster = {
  metadata: {
    id: 'c-1',
    name: 'serving-k8s',
    organizationId: 'o',
    projectId: 'p',
    creationTime: '',
    provisioningStatus: 'provisioned',
    healthStatus: 'healthy',
  },
  spec: { networkId: 'n-1', platformReleaseId: 'nks-1-32-3' },
  status: {
    regionId: 'eu-west-1',
    apiServer: {
      certificateAuthorityData: 'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCg==',
      endpoints: {
        private: { address: 'api.c1.eu-west-1.internal', port: 6443 },
        public: { address: 'api.c1.eu-west-1.nks.example.com', port: 443 },
      },
    },
  },
} as Cluster
const login = { issuer: 'https://identity.example.com', clientId: 'cloud-console' }

describe('the kubeconfig built from a cluster’s status', () => {
  it('loads as a kubeconfig whose context reaches the chosen endpoint with the cluster’s CA', () => {
    const config = parse(kubeconfigOf(cluster, 'public', login)!)
    expect(config).toMatchObject({ apiVersion: 'v1', kind: 'Config', 'current-context': 'serving-k8s' })
    const context = config.contexts.find((c: { name: string }) => c.name === config['current-context']).context
    const target = config.clusters.find((c: { name: string }) => c.name === context.cluster).cluster
    expect(target).toEqual({
      server: 'https://api.c1.eu-west-1.nks.example.com:443',
      'certificate-authority-data': 'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCg==',
    })
    const privateConfig = parse(kubeconfigOf(cluster, 'private', login)!)
    expect(privateConfig.clusters[0].cluster.server).toBe('https://api.c1.eu-west-1.internal:6443')
  })

  it('signs in through kubelogin with the issuer and client id, and carries no credential', () => {
    const config = parse(kubeconfigOf(cluster, 'public', login)!)
    const user = config.users.find((u: { name: string }) => u.name === config.contexts[0].context.user).user
    expect(Object.keys(user)).toEqual(['exec'])
    expect(user.exec).toMatchObject({
      apiVersion: 'client.authentication.k8s.io/v1',
      command: 'kubectl',
      args: [
        'oidc-login',
        'get-token',
        '--oidc-issuer-url=https://identity.example.com',
        '--oidc-client-id=cloud-console',
      ],
    })
    expect(JSON.stringify(config)).not.toMatch(/token:|client-key|client-secret|password/i)
  })

  it('keeps a name that YAML would read otherwise a string', () => {
    const odd = { ...cluster, metadata: { ...cluster.metadata, name: 'yes' } } as Cluster
    expect(parse(kubeconfigOf(odd, 'public', login)!).clusters[0].name).toBe('yes')
  })

  it('is not built before the status reports the API server, nor for an endpoint it does not have', () => {
    expect(kubeconfigOf({ ...cluster, status: { regionId: 'eu-west-1' } } as Cluster, 'public', login)).toBeUndefined()
    const privateOnly = {
      ...cluster,
      status: {
        ...cluster.status,
        apiServer: {
          ...cluster.status.apiServer!,
          endpoints: { private: cluster.status.apiServer!.endpoints.private },
        },
      },
    } as Cluster
    expect(kubeconfigOf(privateOnly, 'public', login)).toBeUndefined()
  })
})
