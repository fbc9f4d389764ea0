import { describe, expect, it } from 'vitest'
import { mountCommand, mountPoint } from './mount-command'

describe('mountCommand', () => {
  it('creates the mount point under /mnt named for the storage and mounts the NFS source there', () => {
    expect(mountCommand('10.20.255.133:/fs-0b1c', 'datasets')).toBe(
      'sudo mkdir -p /mnt/datasets && sudo mount -t nfs 10.20.255.133:/fs-0b1c /mnt/datasets',
    )
  })
  it('passes the attachment’s mount options with -o, in the order the platform gives them', () => {
    expect(mountCommand('10.0.0.16:/mnt/nfs', 'ckpt', { vers: '4.1', nconnect: '16', noatime: '' })).toBe(
      'sudo mkdir -p /mnt/ckpt && sudo mount -t nfs -o vers=4.1,nconnect=16,noatime 10.0.0.16:/mnt/nfs /mnt/ckpt',
    )
    expect(mountCommand('h:/x', 'x', { remoteports: '10.0.0.16-10.0.0.19' })).toContain(
      '-o remoteports=10.0.0.16-10.0.0.19 h:/x',
    )
    expect(mountCommand('h:/x', 'x', { opt: 'a b' })).toContain(`-o 'opt=a b' h:/x`)
    expect(mountCommand('h:/x', 'x', {})).toBe('sudo mkdir -p /mnt/x && sudo mount -t nfs h:/x /mnt/x')
  })
  it('quotes a source the shell would otherwise split or expand', () => {
    expect(mountCommand("host:/share with space's", 'x')).toBe(
      `sudo mkdir -p /mnt/x && sudo mount -t nfs 'host:/share with space'\\''s' /mnt/x`,
    )
    expect(mountCommand('host:/$(reboot)', 'x')).toContain("'host:/$(reboot)'")
  })
  it('keeps the mount point a single safe path segment', () => {
    expect(mountPoint('model-weights_v2.1')).toBe('/mnt/model-weights_v2.1')
    expect(mountPoint('../etc')).toBe('/mnt/-etc')
    expect(mountPoint('..')).toBe('/mnt/storage')
  })
})
