import { describe, expect, it } from 'vitest'
import { at, issuesOf, placedValues } from '../../test/form-fixtures'
import { createDefaults, instanceCreateForm, toCreateWire, type InstanceCreateValues } from './instance-form'

const valid: InstanceCreateValues = {
  ...placedValues('trainer-0', { name: 'job', value: 'pretrain' }),
  networkId: 'net-1',
  flavorId: 'h100-1',
  imageId: 'cuda',
  securityGroupIds: ['sg-ssh', 'sg-nccl', 'sg-ssh'],
  publicIP: true,
  sshCertificateAuthorityId: '',
  userData: '',
}

const issues = (values: InstanceCreateValues) => issuesOf(instanceCreateForm, values)

describe('instance create form', () => {
  it('sends the SSH certificate authority chosen, and none when none is', () => {
    const trusting = toCreateWire({ ...valid, sshCertificateAuthorityId: 'ca-1' })
    expect(trusting.body.spec).toMatchObject({ sshCertificateAuthorityId: 'ca-1' })
    expect(trusting.pathOf(at('spec.sshCertificateAuthorityId'))).toBe('sshCertificateAuthorityId')
    expect('sshCertificateAuthorityId' in toCreateWire(valid).body.spec).toBe(false)
  })

  it('maps to the spec create body, each security group once', () => {
    expect(issues(valid)).toEqual([])
    expect(toCreateWire(valid).body).toEqual({
      metadata: { name: 'trainer-0', tags: [{ name: 'job', value: 'pretrain' }] },
      spec: {
        organizationId: 'acme',
        projectId: 'ml',
        networkId: 'net-1',
        flavorId: 'h100-1',
        imageId: 'cuda',
        networking: { securityGroups: ['sg-ssh', 'sg-nccl'], publicIP: true },
      },
    })
  })
  it('leaves security groups out when none is chosen and says no public address explicitly', () => {
    expect(toCreateWire({ ...valid, securityGroupIds: [], publicIP: false }).body.spec.networking).toEqual({
      publicIP: false,
    })
  })
  it('asks for each missing choice by name', () => {
    expect(issues({ ...valid, networkId: '', flavorId: '', imageId: ' ' })).toEqual([
      'networkId: Choose a network.',
      'flavorId: Choose a flavor.',
      'imageId: Choose an image.',
    ])
  })
})

describe('createDefaults', () => {
  it('starts from the scope', () => {
    expect(
      createDefaults({ organizationId: 'acme', projectId: 'ml', regionId: 'eu-west-1' }, new URLSearchParams()),
    ).toMatchObject({
      organizationId: 'acme',
      projectId: 'ml',
      regionId: 'eu-west-1',
      flavorId: '',
    })
  })
  it('takes the flavor and region a link carries over the scope', () => {
    expect(
      createDefaults(
        { organizationId: 'acme', regionId: 'eu-west-1' },
        new URLSearchParams('flavor=h200-4&region=us-east-1'),
      ),
    ).toMatchObject({
      regionId: 'us-east-1',
      flavorId: 'h200-4',
      projectId: '',
    })
  })
  it('takes the image and region an image’s page links with', () => {
    expect(
      createDefaults(
        { organizationId: 'acme', regionId: 'eu-west-1' },
        new URLSearchParams('image=img-7&region=us-east-1'),
      ),
    ).toMatchObject({ regionId: 'us-east-1', imageId: 'img-7', flavorId: '' })
  })
})

describe('user data', () => {
  it('goes base64-encoded from its UTF-8 text, and blank text sends none', () => {
    const script = '#!/bin/sh\necho héllo\n'
    expect(toCreateWire({ ...valid, userData: script }).body.spec.userData).toBe(
      Buffer.from(script, 'utf-8').toString('base64'),
    )
    expect(toCreateWire({ ...valid, userData: ' \n' }).body.spec).not.toHaveProperty('userData')
  })

  it('refuses text over 64 KiB, saying how large it is', () => {
    expect(issues({ ...valid, userData: 'x'.repeat(64 * 1024) })).toEqual([])
    expect(issues({ ...valid, userData: 'x'.repeat(64 * 1024 + 1) })).toEqual([
      'userData: User data is at most 65,536 bytes (64 KiB); this is 65,537. Compress it (cloud-init reads gzip) or fetch the rest from the instance.',
    ])
  })
})

describe('pathOf', () => {
  it('maps platform field paths to form fields', () => {
    expect(toCreateWire(valid).pathOf(at('spec.imageId'))).toBe('imageId')
    expect(toCreateWire(valid).pathOf(at('spec.networking.securityGroups.1'))).toBe('securityGroupIds')
    expect(toCreateWire(valid).pathOf(at('spec.networkId'))).toBe('networkId')
    expect(toCreateWire(valid).pathOf(at('metadata.name'))).toBe('name')
    expect(toCreateWire(valid).pathOf(at('spec.userData'))).toBe('userData')
    expect(toCreateWire(valid).pathOf(at('spec.bogus'))).toBeUndefined()
  })
  it('finds the tag row the platform names, counting only the rows sent', () => {
    expect(
      toCreateWire({
        ...valid,
        tags: [
          { name: ' ', value: '' },
          { name: 'job', value: 'x' },
        ],
      }).pathOf(at('metadata.tags.0.name')),
    ).toBe('tags.1.name')
  })
})
