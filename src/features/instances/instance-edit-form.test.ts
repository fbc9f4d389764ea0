import { describe, expect, it } from 'vitest'
import { instanceSchema, type Instance } from '../../api/schemas/regional'
import {
  changesOf,
  decodeUserData,
  describeChanges,
  editDefaults,
  encodeUserData,
  hasChanges,
  instanceEditForm,
  needsConfirmation,
  toUpdateWire,
  type InstanceEditValues,
} from './instance-edit-form'
import { at, issuesOf, storedMetadata } from '../../test/form-fixtures'

const cloudConfig = '#cloud-config\npackages:\n  - nginx\n# café ☕\n'
const cloudConfigBase64 = Buffer.from(cloudConfig, 'utf8').toString('base64')

const instance: Instance = instanceSchema.parse({
  metadata: storedMetadata('i-1', 'gateway-0', {
    description: 'Public entry',
    tags: [{ name: 'env', value: 'production' }],
    organizationId: 'acme',
    projectId: 'p',
  }),
  spec: {
    flavorId: 'c1-large',
    imageId: 'ubuntu-24',
    userData: cloudConfigBase64,
    networking: { securityGroups: ['sg-api', 'sg-mon'], publicIP: true, allowedSourceAddresses: ['10.8.0.0/16'] },
  },
  status: {
    regionId: 'eu-west-1',
    networkId: 'net-1',
    powerState: 'Running',
    privateIP: '10.40.0.10',
    publicIP: '203.0.113.10',
  },
})

const issues = (values: InstanceEditValues) => issuesOf(instanceEditForm, values)

describe('instance edit form', () => {
  it('starts from everything the instance has, and sends it back unchanged when nothing is touched', () => {
    const defaults = editDefaults(instance)
    expect(defaults).toMatchObject({
      userData: cloudConfig,
      keptUserData: null,
      allowedSourceAddresses: '10.8.0.0/16',
      securityGroupIds: ['sg-api', 'sg-mon'],
      publicIP: true,
    })
    expect(issues(defaults)).toEqual([])
    expect(toUpdateWire(defaults).body).toEqual({
      metadata: { name: 'gateway-0', description: 'Public entry', tags: [{ name: 'env', value: 'production' }] },
      spec: {
        flavorId: 'c1-large',
        imageId: 'ubuntu-24',
        userData: cloudConfigBase64,
        networking: { securityGroups: ['sg-api', 'sg-mon'], publicIP: true, allowedSourceAddresses: ['10.8.0.0/16'] },
      },
    })
    expect(hasChanges(changesOf(defaults, defaults))).toBe(false)
  })

  it('sends back the SSH certificate authority the instance trusts, which the platform will not see changed or dropped', () => {
    const trusting = instanceSchema.parse({
      ...instance,
      spec: { ...instance.spec, sshCertificateAuthorityId: 'ca-1' },
    })
    const defaults = editDefaults(trusting)
    expect(toUpdateWire({ ...defaults, description: 'edited' }).body.spec.sshCertificateAuthorityId).toBe('ca-1')
    expect(toUpdateWire(editDefaults(instance)).body.spec).not.toHaveProperty('sshCertificateAuthorityId')
  })

  it('clears what the user emptied: the update replaces the whole spec', () => {
    const emptied = {
      ...editDefaults(instance),
      description: '  ',
      tags: [],
      securityGroupIds: [],
      publicIP: false,
      allowedSourceAddresses: '\n',
      userData: '   ',
    }
    expect(toUpdateWire(emptied).body).toEqual({
      metadata: { name: 'gateway-0' },
      spec: { flavorId: 'c1-large', imageId: 'ubuntu-24', networking: { securityGroups: [], publicIP: false } },
    })
  })

  it('sends allowed source addresses one per line or comma, canonical and each once, and names the bad ones', () => {
    const values = { ...editDefaults(instance), allowedSourceAddresses: '10.8.0.0/16\n192.168.1.0/24, 10.8.0.0/16\n' }
    expect(toUpdateWire(values).body.spec.networking?.allowedSourceAddresses).toEqual(['10.8.0.0/16', '192.168.1.0/24'])
    expect(issues({ ...values, allowedSourceAddresses: '10.8.0.1/16\n10.9.0.0' })).toEqual([
      'allowedSourceAddresses: 10.8.0.1/16 has host bits set: a /16 block starts at 10.8.0.0. Use 10.8.0.0/16. Add a prefix length, e.g. 10.9.0.0/24.',
    ])
  })

  it('encodes text user data as UTF-8 base64', () => {
    expect(encodeUserData(cloudConfig)).toBe(cloudConfigBase64)
    expect(encodeUserData(' \n')).toBeUndefined()
    const values = { ...editDefaults(instance), userData: '#!/bin/sh\necho hi\n' }
    expect(toUpdateWire(values).body.spec.userData).toBe(Buffer.from('#!/bin/sh\necho hi\n').toString('base64'))
  })

  it('keeps user data it cannot show as text exactly as it was, until the user replaces it', () => {
    const gzip = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xff, 0x00, 0x01]).toString('base64')
    expect(decodeUserData(gzip)).toEqual({ userData: '', keptUserData: gzip })
    // Valid UTF-8 but binary, and text whose base64 is not the canonical one: both kept as given.
    const nul = Buffer.from('a\u0000b').toString('base64')
    expect(decodeUserData(nul).keptUserData).toBe(nul)
    expect(decodeUserData('aGk=').userData).toBe('hi')
    expect(decodeUserData('aGl=').keptUserData).toBe('aGl=')
    expect(decodeUserData('not base64!').keptUserData).toBe('not base64!')

    const kept = { ...editDefaults(instance), userData: '', keptUserData: gzip }
    expect(toUpdateWire(kept).body.spec.userData).toBe(gzip)
    const replaced = { ...kept, keptUserData: null, userData: '#cloud-config\n' }
    expect(toUpdateWire(replaced).body.spec.userData).toBe(Buffer.from('#cloud-config\n').toString('base64'))
    expect(changesOf(kept, replaced).userData).toBe(true)
  })

  it('reports what saving would change, and asks first only for a resize or rebuild', () => {
    const before = editDefaults(instance)
    const regrouped = { ...before, securityGroupIds: ['sg-api', 'sg-ssh'], publicIP: false }
    const changes = changesOf(before, regrouped)
    expect(changes).toEqual({
      description: false,
      tags: false,
      securityGroups: { added: ['sg-ssh'], removed: ['sg-mon'] },
      publicIP: false,
      allowedSourceAddresses: false,
      userData: false,
    })
    expect(hasChanges(changes)).toBe(true)
    expect(needsConfirmation(changes)).toBe(false)

    expect(changesOf(before, { ...before, flavorId: 'c1-xlarge' }).resize).toEqual({
      from: 'c1-large',
      to: 'c1-xlarge',
    })
    expect(needsConfirmation(changesOf(before, { ...before, flavorId: 'c1-xlarge' }))).toBe(true)
    expect(needsConfirmation(changesOf(before, { ...before, imageId: 'rocky-9' }))).toBe(true)
    // Whitespace the body does not carry, and another order of the same groups, change nothing.
    expect(
      hasChanges(
        changesOf(before, {
          ...before,
          name: ' gateway-0 ',
          description: 'Public entry ',
          securityGroupIds: ['sg-mon', 'sg-api'],
        }),
      ),
    ).toBe(false)
  })

  it('says each change in words, with names where the lists gave them', () => {
    const before = editDefaults(instance)
    const after = {
      ...before,
      tags: [],
      flavorId: 'c1-xlarge',
      imageId: 'rocky-9',
      securityGroupIds: ['sg-api', 'sg-ssh'],
      publicIP: false,
      userData: '#cloud-config\n',
    }
    const names = {
      flavor: (id: string) => id.replace('-', '.'),
      image: (id: string) => `image ${id}`,
      group: (id: string) => ({ 'sg-ssh': 'ssh', 'sg-mon': 'monitoring' })[id] ?? id,
    }
    expect(describeChanges(changesOf(before, after), names, '203.0.113.10')).toEqual([
      'New tags.',
      'Resized from c1.large to c1.xlarge.',
      'Rebuilt from image rocky-9 (was image ubuntu-24): its disk is erased.',
      'Security groups: adds ssh; removes monitoring.',
      'The public IPv4 address 203.0.113.10 is released.',
      'New user data, read by cloud-init on a fresh disk.',
    ])
    expect(describeChanges(changesOf(before, before), names)).toEqual([])
  })

  it('rejects what the platform would: a bad name, no flavor or image', () => {
    expect(issues({ ...editDefaults(instance), name: '-bad-', flavorId: '', imageId: ' ' })).toEqual([
      'name: Use letters, digits, "-", "_" or "." and start and end with a letter or digit.',
      'flavorId: Choose a flavor.',
      'imageId: Choose an image.',
    ])
  })

  it('places the platform errors on the fields showing them', () => {
    const sent = {
      tags: [
        { name: '', value: '' },
        { name: 'env', value: 'x' },
        { name: 'team', value: 'y' },
      ],
      keptUserData: null,
    }
    expect(toUpdateWire({ ...editDefaults(instance), ...sent }).pathOf(at('metadata.name'))).toBe('name')
    expect(toUpdateWire({ ...editDefaults(instance), ...sent }).pathOf(at('spec.flavorId'))).toBe('flavorId')
    expect(toUpdateWire({ ...editDefaults(instance), ...sent }).pathOf(at('spec.imageId'))).toBe('imageId')
    expect(toUpdateWire({ ...editDefaults(instance), ...sent }).pathOf(at('spec.networking.securityGroups.1'))).toBe(
      'securityGroupIds',
    )
    expect(
      toUpdateWire({ ...editDefaults(instance), ...sent }).pathOf(at('spec.networking.allowedSourceAddresses.0')),
    ).toBe('allowedSourceAddresses')
    expect(toUpdateWire({ ...editDefaults(instance), ...sent }).pathOf(at('spec.networking.publicIP'))).toBe('publicIP')
    expect(toUpdateWire({ ...editDefaults(instance), ...sent }).pathOf(at('spec.userData'))).toBe('userData')
    // The blank first row was not sent: the platform's tag 1 is the form's row 2.
    expect(toUpdateWire({ ...editDefaults(instance), ...sent }).pathOf(at('metadata.tags.1.value'))).toBe(
      'tags.2.value',
    )
    expect(toUpdateWire({ ...editDefaults(instance), ...sent }).pathOf(at('spec.networkId'))).toBeUndefined()
  })

  it('sends a refusal of kept binary user data to the top of the form, where it can be read', () => {
    expect(
      toUpdateWire({ ...editDefaults(instance), keptUserData: 'H4sI' }).pathOf(at('spec.userData')),
    ).toBeUndefined()
  })
})
