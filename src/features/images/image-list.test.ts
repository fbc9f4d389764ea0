import { describe, expect, it } from 'vitest'
import type { Image } from '../../api/schemas/regional'
import { driversOf, originOf, readImageFilters, selectImages, systemOf } from './image-list'

const image = (name: string, creationTime: string, extra: Partial<Image> = {}): Image => ({
  metadata: { id: name, name, creationTime },
  spec: { os: { distro: 'ubuntu', version: '24.04' } },
  ...extra,
})

const platform = image('ubuntu-24.04-server', '2025-06-02T00:00:00Z')
const rocky = image('rocky-9.5', '2025-03-01T00:00:00Z', { spec: { os: { distro: 'rocky', version: '9.5' } } })
const cuda = image('ubuntu-cuda', '2025-05-28T00:00:00Z', {
  spec: { os: { distro: 'ubuntu', version: '24.04' }, gpu: { vendor: 'NVIDIA', driver: '570', models: ['H100'] } },
})
const snapshot = image('web-golden', '2026-01-01T00:00:00Z', {
  metadata: { id: 's', name: 'web-golden', creationTime: '2026-01-01T00:00:00Z', createdBy: 'ana@acme.example' },
})
const all = [platform, rocky, cuda, snapshot]

describe('the images page’s filters', () => {
  it('knows an image is the organization’s only from its answer: a creator, or the console’s snapshot tag', () => {
    expect(originOf(snapshot)).toBe('organization')
    expect(
      originOf(
        image('tagged', '2026-01-02T00:00:00Z', {
          metadata: { id: 't', name: 'tagged', tags: [{ name: 'snapshot-of-instance', value: 'i-1' }] },
        }),
      ),
    ).toBe('organization')
    // No creator is no proof of the platform's: the document's own example image names none.
    expect(originOf(platform)).toBe('unsaid')
  })

  it('words the system and the drivers', () => {
    expect(systemOf(rocky)).toBe('Rocky 9.5')
    expect(driversOf(cuda)).toBe('NVIDIA 570 (H100)')
    expect(driversOf(cuda, { models: false })).toBe('NVIDIA 570')
    expect(driversOf(platform)).toBeUndefined()
  })

  it('keeps what every filter allows, newest first', () => {
    const names = (filters: string) =>
      selectImages(all, readImageFilters(new URLSearchParams(filters))).map((i) => i.metadata.name)
    expect(names('')).toEqual(['web-golden', 'ubuntu-24.04-server', 'ubuntu-cuda', 'rocky-9.5'])
    expect(names('origin=organization')).toEqual(['web-golden'])
    expect(names('os=rocky')).toEqual(['rocky-9.5'])
    expect(names('q=nvidia h100')).toEqual(['ubuntu-cuda'])
    expect(names('os=ubuntu&origin=unsaid&q=server')).toEqual(['ubuntu-24.04-server'])
  })
})
