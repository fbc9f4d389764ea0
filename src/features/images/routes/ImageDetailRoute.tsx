import { Code } from '../../../components/mantine/Code'
import { Group } from '../../../components/mantine/Group'
import { Text } from '../../../components/mantine/Text'
import { useQuery } from '@tanstack/react-query'
import { useParams, useSearchParams, type Params } from 'react-router'
import { imageApi } from '../../../api/catalogs'
import { m, q } from '../../../api/endpoint'
import { CopyableId } from '../../../components/CopyableId'
import { DeleteResourceButton } from '../../../components/DeleteResourceButton'
import { DetailPage } from '../../../components/DetailPage'
import { EmptyState } from '../../../components/EmptyState'
import { RelativeTime } from '../../../components/RelativeTime'
import { StatusBadge } from '../../../components/StatusBadge'
import { formatNumber } from '../../../lib/format'
import { resources } from '../../../lib/resources'
import { useScopeNames } from '../../../lib/use-scope-names'
import { REGION_CATALOGS } from '../../../lib/catalog-reads'
import { catalogRegionLoader, useCatalogRegion } from '../../../lib/catalog-region'
import { ORIGIN_LABELS, driversOf, isSettling, originOf, systemOf } from '../image-list'
import { PermittedAction } from '../../../components/PermittedAction'
import { paths } from '../../../lib/paths'
import { useAccess } from '../../../lib/permissions'
import { ImageFailed } from '../components/ImageFailed'
import { SourceInstance } from '../components/SourceInstance'
import { sourceInstanceOf } from '../../../lib/image-source'

// The platform serves no single image: the page picks it from the region's list.
export const loader = catalogRegionLoader(REGION_CATALOGS.images)

// The breadcrumb names the image, as an item's crumb does (NameCrumb), from the region's list the page reads: the
// platform serves no single image, and an image's id beside its region is in the address, not the route's params.
export const handle = { crumb: (params: Params) => <ImageCrumb imageId={params.imageId ?? ''} /> }

function ImageCrumb({ imageId }: { imageId: string }) {
  const [params] = useSearchParams()
  const { organizationID, regionID } = useCatalogRegion(params.get('region') || null)
  const { data: name } = useQuery({
    ...q(REGION_CATALOGS.images, { organizationID, regionID }),
    enabled: Boolean(organizationID && regionID),
    select: (images) => images.find((image) => image.metadata.id === imageId)?.metadata.name,
  })
  return <>{name ?? imageId}</>
}

/** Why no instance can boot from the image yet, in the state the platform reports; none once it is ready. */
function notBootableReason(state: string | undefined): string | undefined {
  if (!state || state === 'ready') return undefined
  if (state === 'failed') return 'The image failed: no instance can boot from it.'
  return `The image is ${state}: an instance can boot from it once it is ready.`
}

export function Component() {
  const imageId = useParams().imageId!
  const [params] = useSearchParams()
  const { organizationID, regionID } = useCatalogRegion(params.get('region') || null)
  const images = useQuery({
    ...q(REGION_CATALOGS.images, { organizationID, regionID }),
    enabled: Boolean(organizationID && regionID),
    // A new snapshot or import is being made: follow it until it is ready or failed.
    refetchInterval: (query) =>
      query.state.data?.some((i) => i.metadata.id === imageId && isSettling(i)) ? 1000 : false,
  })
  const access = useAccess()
  const image = images.data?.find((i) => i.metadata.id === imageId)
  const region = useScopeNames(organizationID).regionName.get(regionID) ?? regionID

  if (!image) {
    return images.isPending ? null : (
      <EmptyState
        title="No such image"
        description={
          images.error
            ? images.error.message
            : `Region ${region} has no image ${imageId} that your organization can see.`
        }
      />
    )
  }

  const origin = originOf(image)
  const source = sourceInstanceOf(image)
  const os = image.spec?.os
  const versions = Object.entries(image.spec?.softwareVersions ?? {})
  return (
    <DetailPage
      title={image.metadata.name}
      governs={resources.images}
      description={image.metadata.description}
      badge={<StatusBadge value={image.status?.state} />}
      notices={image.status?.state === 'failed' ? <ImageFailed snapshot={Boolean(source)} /> : undefined}
      actions={
        <Group gap="sm">
          <PermittedAction
            variant="light"
            to={paths.instances.new({ region: regionID, image: imageId })}
            disabledReason={access.reason(resources.instances, 'create') ?? notBootableReason(image.status?.state)}
          >
            Create instance from this image
          </PermittedAction>
          <DeleteResourceButton
            resource={resources.images}
            name={image.metadata.name}
            mutation={m(imageApi.delete)}
            variables={{ organizationID, regionID, imageID: imageId }}
            consequences={
              <Text size="sm">Instances that booted from it keep their disks; new ones cannot use it.</Text>
            }
          />
        </Group>
      }
      details={[
        { label: 'ID', value: <CopyableId value={image.metadata.id} label="image id" /> },
        { label: 'State', value: <StatusBadge value={image.status?.state} /> },
        { label: 'Provided by', value: ORIGIN_LABELS[origin] },
        ...(image.metadata.createdBy ? [{ label: 'Created by', value: image.metadata.createdBy }] : []),
        ...(source ? [{ label: 'Snapshot of', value: <SourceInstance instanceId={source} /> }] : []),
        { label: 'Region', value: region },
        {
          label: 'System',
          value: [systemOf(image), os?.codename, os?.variant].filter(Boolean).join(', ') || '—',
        },
        { label: 'Architecture', value: image.spec?.architecture ?? '—' },
        { label: 'For', value: image.spec?.virtualization ?? '—' },
        {
          label: 'Minimum disk',
          value: image.spec?.sizeGiB !== undefined ? `${formatNumber(image.spec.sizeGiB)} GiB` : '—',
        },
        { label: 'GPU drivers', value: driversOf(image) ?? 'None' },
        {
          label: 'Software',
          value: versions.length ? (
            <Group gap="xs">
              {versions.map(([name, version]) => (
                <Code key={name}>{`${name} ${version}`}</Code>
              ))}
            </Group>
          ) : (
            'None listed'
          ),
        },
        {
          label: 'Created',
          value: image.metadata.creationTime ? (
            <RelativeTime value={image.metadata.creationTime} size="sm" span />
          ) : (
            '—'
          ),
        },
      ]}
    />
  )
}
