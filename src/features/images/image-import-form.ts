import { z } from 'zod/mini'
import { imageApi } from '../../api/catalogs'
import { GPU_VENDORS, IMAGE_ARCHITECTURES, IMAGE_VIRTUALIZATIONS, type ImageCreate } from '../../api/schemas/regional'
import { keptRows, metadataOf, pathsOf, formWrite, type Wire } from '../../lib/form-wire'
import { metadataFields } from '../../lib/validation'

// The import form as the user fills it: where (organization and region, in the path), the disk image's URL, what the
// image is (architecture, machines, system), and optionally its software versions and GPU drivers. onSubmit maps it
// to the region document's imageCreate.

/** Disk formats the platform does not import: "Only raw images are supported". */
const CONTAINER_FORMAT = /\.(qcow2?|vmdk|vdi|vhdx?|iso|ova|ovf)(\.(gz|xz|bz2|zst))?$/i

function uriProblem(text: string): string | undefined {
  if (!text) return 'Enter the URL the region downloads the image from.'
  const url = URL.canParse(text) ? new URL(text) : undefined
  if (!url || !['http:', 'https:'].includes(url.protocol))
    return 'Enter an http:// or https:// URL, e.g. https://example.com/images/noble.raw.'
  const format = CONTAINER_FORMAT.exec(url.pathname)?.[1]
  if (format)
    return `Only raw disk images can be imported, not ${format.toLowerCase()}: convert it first (qemu-img convert -O raw).`
  return undefined
}

/** The document's semver: "v1.2.3". */
const SEMVER = /^v\d+\.\d+\.\d+$/

const softwareRows = z.array(z.object({ name: z.string().check(z.trim()), version: z.string().check(z.trim()) })).check(
  z.superRefine((rows, ctx) => {
    const seen = new Set<string>()
    rows.forEach((row, index) => {
      if (!row.name && !row.version) return
      if (!row.name) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'Name the software.' })
      else if (seen.has(row.name))
        ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `${row.name} is already listed above.` })
      if (!SEMVER.test(row.version))
        ctx.addIssue({ code: 'custom', path: [index, 'version'], message: 'A version reads v1.2.3.' })
      seen.add(row.name)
    })
  }),
)

export const imageImportForm = z
  .object({
    ...metadataFields,
    organizationId: z.string().check(z.minLength(1, 'Choose an organization.')),
    regionId: z.string().check(z.minLength(1, 'Choose a region.')),
    uri: z.string().check(
      z.trim(),
      z.superRefine((text, ctx) => {
        const problem = uriProblem(text)
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      }),
    ),
    architecture: z.enum(IMAGE_ARCHITECTURES),
    virtualization: z.enum(IMAGE_VIRTUALIZATIONS),
    // Free text, as the platform takes any since region v1.20.0.
    family: z.string().check(z.trim(), z.minLength(1, 'Enter the family, e.g. debian or redhat.')),
    distro: z.string().check(z.trim(), z.minLength(1, 'Enter the distribution, e.g. ubuntu, rocky or debian.')),
    version: z.string().check(z.trim(), z.minLength(1, 'Enter the system’s version, e.g. 24.04.')),
    variant: z.string().check(z.trim()),
    codename: z.string().check(z.trim()),
    software: softwareRows,
    gpu: z.boolean(),
    gpuVendor: z.enum(GPU_VENDORS),
    gpuDriver: z.string().check(z.trim()),
    gpuModels: z.string(),
  })
  .check(
    z.superRefine((values, ctx) => {
      if (values.gpu && !values.gpuDriver)
        ctx.addIssue({ code: 'custom', path: ['gpuDriver'], message: 'Enter the driver version, e.g. 570.133.20.' })
    }),
  )
export type ImageImportValues = z.input<typeof imageImportForm>

/** Where the form starts: the scope's organization and region (or the region the list was showing). */
export function importDefaults(organizationId: string, regionId: string): ImageImportValues {
  return {
    name: '',
    description: '',
    tags: [],
    organizationId,
    regionId,
    uri: '',
    architecture: 'x86_64',
    virtualization: 'virtualized',
    family: 'debian',
    distro: 'ubuntu',
    version: '',
    variant: '',
    codename: '',
    software: [],
    gpu: false,
    gpuVendor: 'NVIDIA',
    gpuDriver: '',
    gpuModels: '',
  }
}

const modelsOf = (text: string) =>
  text
    .split(',')
    .map((model) => model.trim())
    .filter(Boolean)

export function toImportWire(values: ImageImportValues): Wire<ImageCreate, ImageImportValues> {
  const { metadata, fields, tagPaths } = metadataOf<ImageImportValues>(values)
  const software = keptRows(values.software, (row) => !row.name.trim() && !row.version.trim())
  const models = modelsOf(values.gpuModels)
  const variant = values.variant.trim()
  const codename = values.codename.trim()
  return {
    body: {
      metadata,
      spec: {
        uri: values.uri.trim(),
        architecture: values.architecture,
        virtualization: values.virtualization,
        os: {
          kernel: 'linux',
          family: values.family.trim(),
          distro: values.distro.trim(),
          ...(variant ? { variant } : {}),
          ...(codename ? { codename } : {}),
          version: values.version.trim(),
        },
        ...(software.rows.length
          ? { softwareVersions: Object.fromEntries(software.rows.map((row) => [row.name.trim(), row.version.trim()])) }
          : {}),
        ...(values.gpu
          ? {
              gpu: {
                vendor: values.gpuVendor,
                driver: values.gpuDriver.trim(),
                ...(models.length ? { models } : {}),
              },
            }
          : {}),
      },
    },
    pathOf: (path) => {
      // softwareVersions is keyed by name: the platform's path names the software, the form's row holds it.
      if (path[0] === 'spec' && path[1] === 'softwareVersions' && typeof path[2] === 'string') {
        const row = values.software.findIndex((r) => r.name.trim() === path[2])
        return row >= 0 ? `software.${row}.version` : 'software'
      }
      return pathsOf<ImageImportValues>(
        {
          ...fields,
          'spec.uri': 'uri',
          'spec.architecture': 'architecture',
          'spec.virtualization': 'virtualization',
          'spec.os.family': 'family',
          'spec.os.distro': 'distro',
          'spec.os.version': 'version',
          'spec.os.variant': 'variant',
          'spec.os.codename': 'codename',
          'spec.gpu.vendor': 'gpuVendor',
          'spec.gpu.driver': 'gpuDriver',
          'spec.gpu.models': 'gpuModels',
        },
        [tagPaths],
      )(path)
    },
  }
}

/** The import form's write: organization and region go in the path. */
export const imageImport = formWrite({
  schema: imageImportForm,
  endpoint: imageApi.create,
  wire: toImportWire,
})
