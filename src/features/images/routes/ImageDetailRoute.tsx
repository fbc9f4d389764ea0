import { Code, Group, Text } from '@mantine/core'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router'
import { imageApi, regionApi } from '../../../api/catalogs'
import { m, q } from '../../../api/endpoint'
import { CopyableId } from '../../../components/CopyableId'
import { DeleteResourceButton } from '../../../components/DeleteResourceButton'
import { DetailPage } from '../../../components/DetailPage'
import { EmptyState } from '../../../components/EmptyState'
import { RelativeTime } from '../../../components/RelativeTime'
import { StatusBadge } from '../../../components/StatusBadge'
import { resources } from '../../../lib/resources'
import { useStoredScope } from '../../../lib/scope'
import { ensureScope } from '../../../lib/scope-loader'
import { ORIGIN_LABELS, driversOf, originOf, systemOf } from '../image-list'

/** The region the page is about: the URL's, else the working scope's, else the organization's first. */
function regionOf(params: URLSearchParams, scopeRegion: string | undefined, firstRegion: string | undefined) {
  return params.get('region') || scopeRegion || firstRegion || ''
}

export function loader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const scope = await ensureScope(queryClient)
    const organizationID = scope.organizationId
    if (!organizationID) return null
    const regions = queryClient.getQueryData(q(regionApi.list, { organizationID }).queryKey)
    const regionID = regionOf(new URL(request.url).searchParams, scope.regionId, regions?.[0]?.metadata.id)
    // The platform serves no single image: the page picks it from the region's list.
    if (regionID) await queryClient.prefetchQuery(q(imageApi.list, { organizationID, regionID }))
    return null
  }
}

export const handle = { crumb: () => 'Image' }

export function Component() {
  const imageId = useParams().imageId!
  const scope = useStoredScope()
  const organizationID = scope.organizationId ?? ''
  const [params] = useSearchParams()
  const regions = useQuery({ ...q(regionApi.list, { organizationID }), enabled: Boolean(organizationID) })
  const regionID = regionOf(params, scope.regionId, regions.data?.[0]?.metadata.id)
  const images = useQuery({
    ...q(imageApi.list, { organizationID, regionID }),
    enabled: Boolean(organizationID && regionID),
    // A new snapshot is being made: follow it until it is ready.
    refetchInterval: (query) =>
      query.state.data?.some(
        (i) => i.metadata.id === imageId && ['pending', 'creating'].includes(i.status?.state ?? ''),
      )
        ? 1000
        : false,
  })
  const image = images.data?.find((i) => i.metadata.id === imageId)

  if (!image) {
    return images.isPending ? null : (
      <EmptyState
        title="No such image"
        description={
          images.error
            ? images.error.message
            : `Region ${regionID} has no image ${imageId} that your organization can see. It may have been deleted.`
        }
      />
    )
  }

  const origin = originOf(image)
  const os = image.spec?.os
  const versions = Object.entries(image.spec?.softwareVersions ?? {})
  return (
    <DetailPage
      title={image.metadata.name}
      description={image.metadata.description}
      badge={<StatusBadge value={image.status?.state} />}
      actions={
        <DeleteResourceButton
          resource={resources.images}
          name={image.metadata.name}
          mutation={m(imageApi.delete)}
          variables={{ organizationID, regionID, imageID: imageId }}
          consequences={<Text size="sm">Instances that booted from it keep their disks; new ones cannot use it.</Text>}
          disabledReason={
            origin === 'platform'
              ? 'The platform provides this image: only images your organization made (snapshots) can be deleted.'
              : undefined
          }
        />
      }
      details={[
        { label: 'ID', value: <CopyableId value={image.metadata.id} label="image id" /> },
        { label: 'State', value: <StatusBadge value={image.status?.state} /> },
        { label: 'Provided by', value: ORIGIN_LABELS[origin] },
        ...(image.metadata.createdBy ? [{ label: 'Created by', value: image.metadata.createdBy }] : []),
        { label: 'Region', value: regionID },
        {
          label: 'System',
          value: [systemOf(image), os?.codename, os?.variant].filter(Boolean).join(', ') || '—',
        },
        { label: 'Architecture', value: image.spec?.architecture ?? '—' },
        { label: 'For', value: image.spec?.virtualization ?? '—' },
        { label: 'Minimum disk', value: image.spec?.sizeGiB !== undefined ? `${image.spec.sizeGiB} GiB` : '—' },
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
