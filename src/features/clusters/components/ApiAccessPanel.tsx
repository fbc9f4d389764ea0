import { useQuery } from '@tanstack/react-query'
import type { Cluster } from '../../../api/clusters'
import { consoleConfigQuery } from '../../../api/session'
import { Button } from '../../../components/mantine/Button'
import { Code } from '../../../components/mantine/Code'
import { Group } from '../../../components/mantine/Group'
import { Paper } from '../../../components/mantine/Paper'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { download, kubeconfigOf, type EndpointKind } from '../kubeconfig'

/**
 * The API server's endpoints and the kubeconfig built from them in the browser: it reaches the cluster with its CA and
 * signs in through kubelogin with the platform's issuer, so it holds no secret and needs no download from the server.
 */
export function ApiAccessPanel({ cluster }: { cluster: Cluster }) {
  const config = useQuery(consoleConfigQuery()).data
  const oidc = config?.oidc
  const login = oidc?.issuer && oidc.clientId ? { issuer: oidc.issuer, clientId: oidc.clientId } : undefined
  const endpoints = cluster.status.apiServer?.endpoints
  const allowed = cluster.spec.apiServer?.allowedCidrs
  const kinds = (['public', 'private'] as const).filter((kind) => endpoints?.[kind])
  const fileName = (kind: EndpointKind) =>
    `${cluster.metadata.name}${kind === 'private' && endpoints?.public ? '-private' : ''}.kubeconfig.yaml`
  return (
    <Paper withBorder p="lg" radius="md" miw={0}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          API server
        </Title>
        {!endpoints ? (
          <Text size="sm" c="dimmed">
            The control plane is starting: its endpoints and the kubeconfig come once the platform reports them.
          </Text>
        ) : (
          <>
            <dl style={{ margin: 0 }}>
              {kinds.map((kind) => (
                <Group key={kind} gap="xs" wrap="wrap">
                  <Text component="dt" size="sm" fw={500} w={64}>
                    {kind === 'public' ? 'Public' : 'Private'}
                  </Text>
                  <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                    <Code>{`https://${endpoints[kind]!.address}:${endpoints[kind]!.port}`}</Code>
                  </Text>
                </Group>
              ))}
            </dl>
            <Text size="sm" c="dimmed">
              {allowed?.length
                ? `Answers only ${allowed.join(', ')}.`
                : endpoints.public
                  ? 'Answers every source (0.0.0.0/0).'
                  : 'Reachable from inside the network only.'}
            </Text>
            {login ? (
              <>
                <Group gap="xs">
                  {kinds.map((kind, index) => (
                    <Button
                      key={kind}
                      variant={index === 0 ? 'filled' : 'default'}
                      onClick={() => download(fileName(kind), kubeconfigOf(cluster, kind, login)!)}
                    >
                      {index === 0 ? 'Download kubeconfig' : 'Download for the private endpoint'}
                    </Button>
                  ))}
                </Group>
                <Text size="sm">
                  The file holds the API server's address and CA, and no credential: kubectl signs you in through{' '}
                  {oidc!.provider} with the{' '}
                  <a href="https://github.com/int128/kubelogin" target="_blank" rel="noreferrer">
                    kubelogin
                  </a>{' '}
                  plugin (<Code>kubectl krew install oidc-login</Code>), opening your browser the first time. Then:
                </Text>
                <Code block>{`export KUBECONFIG=~/Downloads/${fileName(kinds[0]!)}\nkubectl get nodes`}</Code>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                This console signs in with no OpenID Connect provider, so it cannot write a kubeconfig that signs in
                through one. The endpoints and the CA above are what a kubeconfig needs.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  )
}
