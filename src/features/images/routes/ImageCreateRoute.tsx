import { Group } from '../../../components/mantine/Group'
import { SimpleGrid } from '../../../components/mantine/SimpleGrid'
import { Text } from '../../../components/mantine/Text'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { imageApi } from '../../../api/catalogs'
import { regionApi } from '../../../api/regions'
import { q } from '../../../api/endpoint'
import type { Image } from '../../../api/schemas/regional'
import { FormPage, FormSection, NAME_HINT, NameFields } from '../../../components/form/FormPage'
import { SelectField, SwitchField, TextField } from '../../../components/form/fields'
import { PlacePicker } from '../../../components/form/ProjectRegionFields'
import { RowsEditor } from '../../../components/form/RowsEditor'
import { TagsField } from '../../../components/form/TagsField'
import { useCreateForm } from '../../../components/form/useCreateForm'
import { createFormRoute } from '../../../lib/form-route'
import { paths } from '../../../lib/paths'
import { resources } from '../../../lib/resources'
import { getScope } from '../../../lib/scope'
import { imageImport, importDefaults } from '../image-import-form'

export const { loader } = createFormRoute()

const options = (values: readonly string[], labels: Record<string, string> = {}) =>
  values.map((value) => ({ value, label: labels[value] ?? value }))

export function Component() {
  const [params] = useSearchParams()
  // The scope and the list's region are read once: a later change of either never resets the input.
  const [defaults] = useState(() => {
    const scope = getScope()
    return importDefaults(scope.organizationId ?? '', params.get('region') ?? scope.regionId ?? '')
  })
  const organizationID = defaults.organizationId
  const { form, submit, values } = useCreateForm(resources.images, imageImport, {
    params: (v) => ({ organizationID: v.organizationId, regionID: v.regionId }),
    defaultValues: defaults,
    // Names are unique among the images the organization sees in the region, the platform's among them.
    siblings: (valid, client) =>
      client.fetchQuery(q(imageApi.list, { organizationID: valid.organizationId, regionID: valid.regionId })),
    // The image's page needs its region, which the platform's answer does not carry: the one it was imported into.
    leaveTo: (created: Image): string => paths.image(created.metadata.id, { region: regionOf() }),
  })
  const regionOf = () => form.getValues('regionId')
  const regions = useQuery({ ...q(regionApi.list, { organizationID }), enabled: Boolean(organizationID) })

  return (
    <FormPage
      {...submit}
      description="An image of your own, from a raw disk image the region downloads. It is pending, then creating while the region copies it, then ready to boot instances from."
    >
      <FormSection title="1. Where from">
        <PlacePicker control={form.control} name="regionId" noun="region" list={regions} />
        <TextField
          control={form.control}
          name="uri"
          label="Disk image URL"
          withAsterisk
          autoComplete="off"
          placeholder="https://example.com/images/noble-server.raw"
          description="A raw disk image (not qcow2, VMDK or ISO) that the region can download over HTTP or HTTPS."
        />
      </FormSection>

      <FormSection title="2. What it is">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SelectField
            control={form.control}
            name="architecture"
            label="Architecture"
            withAsterisk
            data={options(['x86_64', 'aarch64'])}
          />
          <SelectField
            control={form.control}
            name="virtualization"
            label="Boots"
            withAsterisk
            data={options(['virtualized', 'baremetal', 'any'], {
              virtualized: 'Virtual machines',
              baremetal: 'Bare metal',
              any: 'Both',
            })}
          />
          <TextField
            control={form.control}
            name="distro"
            label="Distribution"
            withAsterisk
            placeholder="e.g. ubuntu, rocky, debian"
            autoComplete="off"
          />
          <TextField
            control={form.control}
            name="family"
            label="Family"
            withAsterisk
            placeholder="e.g. debian, redhat"
            autoComplete="off"
          />
          <TextField control={form.control} name="version" label="Version" withAsterisk placeholder="e.g. 24.04" />
          <TextField control={form.control} name="variant" label="Variant" placeholder="e.g. server" />
          <TextField control={form.control} name="codename" label="Codename" placeholder="e.g. noble" />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          The distribution and family are any the image is, in lower case as the platform names them; the family is the
          package format (debian for .deb, redhat for .rpm). The kernel is Linux, the only one the platform takes.
        </Text>
      </FormSection>

      <FormSection title="3. Software and GPU drivers">
        <RowsEditor
          control={form.control}
          name="software"
          label="Software versions"
          description="Optional: what is installed, each version as v1.2.3."
          empty="None listed."
          row="software version"
          inputs={[
            { field: 'name', heading: 'Software', label: (row) => `Software ${row}`, placeholder: 'e.g. kubernetes' },
            { field: 'version', heading: 'Version', label: (row) => `Software ${row} version`, placeholder: 'v1.31.2' },
          ]}
        />
        <SwitchField control={form.control} name="gpu" label="Has GPU drivers" />
        {values.gpu && (
          <Group grow align="flex-start">
            <SelectField
              control={form.control}
              name="gpuVendor"
              label="GPU vendor"
              withAsterisk
              data={options(['NVIDIA', 'AMD'])}
            />
            <TextField
              control={form.control}
              name="gpuDriver"
              label="Driver version"
              withAsterisk
              placeholder="e.g. 570.133.20"
            />
            <TextField
              control={form.control}
              name="gpuModels"
              label="GPU models"
              description="Optional, comma-separated."
              placeholder="e.g. H100, H200"
            />
          </Group>
        )}
      </FormSection>

      <FormSection title="4. Name and tags">
        <NameFields control={form.control} nameHint={`${NAME_HINT.slice(0, -1)}, unique among the region's images.`} />
        <TagsField control={form.control} name="tags" />
      </FormSection>
    </FormPage>
  )
}
