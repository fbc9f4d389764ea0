import type { Cluster } from '../../api/clusters'

/** Where kubectl signs in: the platform's OpenID Connect issuer, and the client id it signs in as. */
export interface OidcLogin {
  issuer: string
  clientId: string
}

export type EndpointKind = 'public' | 'private'

// A YAML double-quoted scalar is a JSON string: every value goes out quoted, so no name or address can break a line.
const q = (text: string) => JSON.stringify(text)

/**
 * A kubeconfig for `cluster`, built from its status alone (the document calls it credential-free): the API server's
 * address and CA, and a user that signs in through kubelogin (`kubectl oidc-login get-token`) with the platform's
 * issuer, so the file carries no token, key or secret. Undefined until the status reports the API server.
 */
export function kubeconfigOf(cluster: Cluster, kind: EndpointKind, login: OidcLogin): string | undefined {
  const apiServer = cluster.status.apiServer
  const endpoint = apiServer?.endpoints[kind]
  if (!apiServer || !endpoint) return undefined
  const name = cluster.metadata.name
  const user = `${name}-oidc`
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    `  - name: ${q(name)}`,
    '    cluster:',
    `      server: ${q(`https://${endpoint.address}:${endpoint.port}`)}`,
    `      certificate-authority-data: ${q(apiServer.certificateAuthorityData)}`,
    'users:',
    `  - name: ${q(user)}`,
    '    user:',
    '      exec:',
    '        apiVersion: client.authentication.k8s.io/v1',
    '        command: kubectl',
    '        args:',
    '          - oidc-login',
    '          - get-token',
    `          - ${q(`--oidc-issuer-url=${login.issuer}`)}`,
    `          - ${q(`--oidc-client-id=${login.clientId}`)}`,
    '        interactiveMode: IfAvailable',
    '        installHint: "kubelogin signs you in: install it with `kubectl krew install oidc-login`."',
    'contexts:',
    `  - name: ${q(name)}`,
    '    context:',
    `      cluster: ${q(name)}`,
    `      user: ${q(user)}`,
    `current-context: ${q(name)}`,
    '',
  ].join('\n')
}

/** Hands the text to the browser as a file download. */
export function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/yaml' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  URL.revokeObjectURL(url)
}
