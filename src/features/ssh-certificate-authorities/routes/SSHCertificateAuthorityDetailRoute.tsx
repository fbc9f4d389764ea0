import { CopyButton } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useParams } from 'react-router'
import { m } from '../../../api/endpoint'
import { readQuery } from '../../../api/read'
import { sshCertificateAuthorityApi } from '../../../api/sshCertificateAuthorities'
import { CopyableId } from '../../../components/CopyableId'
import { DeleteResourceButton } from '../../../components/DeleteResourceButton'
import { DetailPage } from '../../../components/DetailPage'
import { RelatedList, relatedItem } from '../../../components/detail/RelatedList'
import { stateItems } from '../../../components/detail/state-items'
import { statusHeading } from '../../../components/detail/status-heading'
import { InstanceState } from '../../../components/InstanceState'
import { Button } from '../../../components/mantine/Button'
import { Code } from '../../../components/mantine/Code'
import { Paper } from '../../../components/mantine/Paper'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { nameCrumb } from '../../../components/NameCrumb'
import { RelativeTime } from '../../../components/RelativeTime'
import { TagList } from '../../../components/TagList'
import { fingerprintOf, parseOpenSshKey } from '../../../lib/openssh-key'
import { paths } from '../../../lib/paths'
import { resources } from '../../../lib/resources'
import { resourceRoute } from '../../../lib/route-module'
import { useRegionalItem } from '../../../lib/use-regional-item'
import { sshCertificateAuthorityReads } from '../ssh-certificate-authority-reads'

export const { loader } = resourceRoute((queryClient, params) =>
  queryClient.ensureQueryData(readQuery(sshCertificateAuthorityReads.item(params.sshCertificateAuthorityId!))),
)

export const handle = nameCrumb(
  sshCertificateAuthorityApi.detail,
  'sshCertificateAuthorityId',
  (sshCertificateAuthorityID) => ({ sshCertificateAuthorityID }),
)

/** The key's fingerprint as `ssh-keygen -l` prints it, once the browser has hashed it. */
function useFingerprint(publicKey: string): string | undefined {
  const [fingerprint, setFingerprint] = useState<{ of: string; is: string }>()
  useEffect(() => {
    const key = parseOpenSshKey(publicKey)
    if (!key.ok) return
    let current = true
    void fingerprintOf(key.blob).then((is) => current && setFingerprint({ of: publicKey, is }))
    return () => {
      current = false
    }
  }, [publicKey])
  return fingerprint?.of === publicKey ? fingerprint.is : undefined
}

export function Component() {
  const id = useParams().sshCertificateAuthorityId!
  const { item: ca, projectName } = useRegionalItem(sshCertificateAuthorityReads.item(id))
  const instances = useQuery(readQuery(sshCertificateAuthorityReads.related(ca).instances))
  const fingerprint = useFingerprint(ca.spec.publicKey)
  const key = parseOpenSshKey(ca.spec.publicKey)
  // The platform's instance list has no filter by CA: its project's instances, those that trust this one.
  const trusting = instances.data?.filter(
    (instance) => (instance.spec as { sshCertificateAuthorityId?: string }).sshCertificateAuthorityId === id,
  )
  return (
    <DetailPage
      {...statusHeading(ca.metadata)}
      governs={resources.sshCertificateAuthorities}
      actions={
        <DeleteResourceButton
          resource={resources.sshCertificateAuthorities}
          name={ca.metadata.name}
          mutation={m(sshCertificateAuthorityApi.delete)}
          variables={{ sshCertificateAuthorityID: id }}
        />
      }
      details={[
        { label: 'ID', value: <CopyableId value={ca.metadata.id} label="SSH certificate authority id" /> },
        { label: 'Key type', value: key.ok ? <Code>{key.type}</Code> : '—' },
        { label: 'Fingerprint', value: fingerprint ? <Code>{fingerprint}</Code> : '…' },
        { label: 'Project', value: projectName ?? ca.metadata.projectId },
        ...stateItems(ca.metadata),
        { label: 'Created', value: <RelativeTime value={ca.metadata.creationTime} size="sm" span /> },
        { label: 'Created by', value: ca.metadata.createdBy ?? '—' },
        { label: 'Tags', value: <TagList tags={ca.metadata.tags} /> },
      ]}
    >
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="xs">
          Public key
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Instances that trust this CA accept a user certificate it signed. The platform keeps the key as it was added:
          to change it, add another CA and create instances that trust that one.
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {ca.spec.publicKey}
        </Code>
        <CopyButton value={ca.spec.publicKey}>
          {({ copied, copy }) => (
            <Button variant="default" size="xs" mt="sm" onClick={copy}>
              {copied ? 'Copied' : 'Copy public key'}
            </Button>
          )}
        </CopyButton>
      </Paper>
      <RelatedList
        title="Trusted by"
        groups={[
          {
            title: 'Instances',
            listTo: paths.instances.list({ project: ca.metadata.projectId }),
            none: 'No instance of this project trusts this CA.',
            items: trusting?.map((instance) =>
              relatedItem(instance, paths.instances.item, <InstanceState instance={instance} />),
            ),
          },
        ]}
      />
    </DetailPage>
  )
}
