import { describe, expect, it } from 'vitest'
import { issuesOf } from '../../test/form-fixtures'
import { imageImportForm, importDefaults, toImportWire, type ImageImportValues } from './image-import-form'

const valid: ImageImportValues = {
  ...importDefaults('acme', 'eu-west-1'),
  name: 'noble-gpu',
  uri: 'https://example.com/images/noble-gpu.raw',
  version: '24.04',
  variant: 'server',
  software: [
    { name: '', version: '' },
    { name: 'kubernetes', version: 'v1.31.2' },
  ],
  gpu: true,
  gpuDriver: '570.133.20',
  gpuModels: 'H100, H200,',
}

const issues = (values: ImageImportValues) => issuesOf(imageImportForm, values)

describe('image import form', () => {
  it('sends the region document’s imageCreate, leaving out what was left blank', () => {
    expect(issues(valid)).toEqual([])
    expect(toImportWire(valid).body).toEqual({
      metadata: { name: 'noble-gpu' },
      spec: {
        uri: 'https://example.com/images/noble-gpu.raw',
        architecture: 'x86_64',
        virtualization: 'virtualized',
        os: { kernel: 'linux', family: 'debian', distro: 'ubuntu', variant: 'server', version: '24.04' },
        softwareVersions: { kubernetes: 'v1.31.2' },
        gpu: { vendor: 'NVIDIA', driver: '570.133.20', models: ['H100', 'H200'] },
      },
    })
    expect(toImportWire({ ...valid, gpu: false, software: [] }).body.spec).not.toHaveProperty('gpu')
  })

  it('takes any family and distribution the image is, as the platform does, and asks for both', () => {
    const alma = { ...valid, family: 'rhel', distro: ' almalinux ' }
    expect(issues(alma)).toEqual([])
    expect(toImportWire(alma).body.spec.os).toMatchObject({ family: 'rhel', distro: 'almalinux' })
    expect(issues({ ...valid, family: '', distro: ' ' })).toEqual([
      'family: Enter the family, e.g. debian or redhat.',
      'distro: Enter the distribution, e.g. ubuntu, rocky or debian.',
    ])
  })

  it('takes raw disk images over HTTP(S) only, and says how to fix the rest', () => {
    expect(issues({ ...valid, uri: '' })).toEqual(['uri: Enter the URL the region downloads the image from.'])
    expect(issues({ ...valid, uri: 'images/noble.raw' })[0]).toMatch(/^uri: Enter an http:\/\/ or https:\/\/ URL/)
    expect(issues({ ...valid, uri: 'https://example.com/noble.qcow2' })).toEqual([
      'uri: Only raw disk images can be imported, not qcow2: convert it first (qemu-img convert -O raw).',
    ])
  })

  it('asks versions as v1.2.3, a named software once, a version of the system and a GPU driver', () => {
    expect(
      issues({
        ...valid,
        version: ' ',
        software: [
          { name: 'cuda', version: '12.8' },
          { name: 'cuda', version: 'v12.8.0' },
        ],
        gpuDriver: '',
      }),
    ).toEqual([
      'version: Enter the system’s version, e.g. 24.04.',
      'software.0.version: A version reads v1.2.3.',
      'software.1.name: cuda is already listed above.',
      'gpuDriver: Enter the driver version, e.g. 570.133.20.',
    ])
  })

  it('puts a platform refusal of a software version on the row that holds it', () => {
    const { pathOf } = toImportWire(valid)
    expect(pathOf(['spec', 'softwareVersions', 'kubernetes'])).toBe('software.1.version')
    expect(pathOf(['spec', 'os', 'version'])).toBe('version')
    expect(pathOf(['spec', 'uri'])).toBe('uri')
  })
})
