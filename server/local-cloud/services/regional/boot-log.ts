import type { Image } from '../../catalog/regions.ts'

/**
 * The serial console of an instance as it boots: kernel lines, systemd, then cloud-init's four stages running the
 * instance's own user data. The local cloud has no guest, so the log is written from what the instance is made of
 * (its image, flavor, addresses, SSH key and user data), each line at a moment of a boot that lasts as long as the
 * provisioning delay. Read at a moment, it has the lines up to then: it grows while the instance boots.
 */

export interface BootFacts {
  hostname: string
  image: Pick<Image, 'name' | 'spec'>
  cpus: number
  memoryGiB: number
  privateIP: string
  /** The default user cloud-init creates, who gets the instance's SSH key. */
  user: string
  keyFingerprint: string
  /** Base64, as the instance spec carries it. */
  userData?: string
  failed: boolean
  /** When this boot began (epoch milliseconds): the instance's creation, or its last start, reboot or rebuild. */
  bootedAt: number
}

/** A line and the guest's seconds since power-on when it is written. */
interface LogLine {
  at: number
  text: string
}

/** How many guest seconds the boot lasts: lines are spread over the provisioning delay in this proportion. */
const BOOT_SECONDS = 48

const stamp = (at: number) => `[${at.toFixed(6).padStart(12)}]`

function kernelVersion(facts: BootFacts): string {
  const { os } = facts.image.spec
  if (os.distro === 'rocky') return '5.14.0-503.14.1.el9_5.x86_64'
  return os.version === '22.04' ? '5.15.0-126-generic' : '6.8.0-51-generic'
}

function kernel(facts: BootFacts): LogLine[] {
  const version = kernelVersion(facts)
  const lines = [
    `Linux version ${version} (buildd@lcy02-amd64-080) (gcc 13.2.0, GNU ld 2.42) #1 SMP PREEMPT_DYNAMIC`,
    `Command line: BOOT_IMAGE=/boot/vmlinuz-${version} root=LABEL=cloudimg-rootfs ro console=tty1 console=ttyS0`,
    'BIOS-provided physical RAM map:',
    `DMI: OpenStack Foundation OpenStack Nova, BIOS 1.16.3-debian-1.16.3-2 04/01/2014`,
    'Hypervisor detected: KVM',
    `smpboot: Allowing ${facts.cpus} CPUs, 0 hotplug CPUs`,
    `Memory: ${facts.memoryGiB * 1024 * 1024 - 262144}K/${facts.memoryGiB * 1024 * 1024}K available`,
    'Freeing SMP alternatives memory: 44K',
    `smp: Brought up 1 node, ${facts.cpus} CPUs`,
    'virtio_blk virtio1: [vda] 104857600 512-byte logical blocks (53.7 GB/50.0 GiB)',
    ' vda: vda1 vda14 vda15',
    'EXT4-fs (vda1): mounted filesystem with ordered data mode. Quota mode: none.',
    'Run /sbin/init as init process',
  ]
  return lines.map((text, i) => ({ at: i * 0.21, text: `${stamp(i * 0.21)} ${text}` }))
}

function systemd(facts: BootFacts, from: number): LogLine[] {
  const lines = [
    `systemd[1]: Detected virtualization kvm.`,
    `systemd[1]: Hostname set to <${facts.hostname}>.`,
    '[  OK  ] Reached target Local File Systems.',
    '[  OK  ] Started Journal Service.',
    '[  OK  ] Finished Load Kernel Modules.',
    '[  OK  ] Started Network Service.',
  ]
  return lines.map((text, i) => ({ at: from + i * 0.4, text }))
}

/**
 * The wall-clock time cloud-init prints ("Thu, 26 Nov 2026 00:10:02 +0000") at a guest second of this boot. The boot's
 * guest seconds pass within its real duration, so no line is dated later than the moment it can be read.
 */
function wallClock(facts: BootFacts, at: number, duration: number): string {
  const moment = new Date(facts.bootedAt + (at / BOOT_SECONDS) * Math.max(0, duration))
  return moment.toUTCString().replace('GMT', '+0000')
}

/** cloud-init's banner for a stage, as it prints one to the console. */
const stage = (facts: BootFacts, duration: number, at: number, name: string, uptime: number) => ({
  at,
  text: `Cloud-init v. 24.4-0ubuntu1 running '${name}' at ${wallClock(facts, at, duration)}. Up ${uptime.toFixed(2)} seconds.`,
})

function network(facts: BootFacts, at: number): LogLine[] {
  const rows = [
    'ci-info: ++++++++++++++++++++++++++++++++++++++Net device info+++++++++++++++++++++++++++++++++++++++',
    'ci-info: +--------+------+------------------------------+---------------+--------+-------------------+',
    'ci-info: | Device |  Up  |           Address            |      Mask     | Scope  |     Hw-Address    |',
    'ci-info: +--------+------+------------------------------+---------------+--------+-------------------+',
    `ci-info: |  ens3  | True | ${facts.privateIP.padEnd(28)} | 255.255.255.0 | global | fa:16:3e:4c:21:7a |`,
    'ci-info: |   lo   | True |          127.0.0.1           |   255.0.0.0   |  host  |         .         |',
    'ci-info: +--------+------+------------------------------+---------------+--------+-------------------+',
  ]
  return rows.map((text) => ({ at, text }))
}

/** The user data as text, or undefined where it is absent or not UTF-8 text. */
function decodedUserData(userData: string | undefined): string | undefined {
  if (!userData) return undefined
  const text = Buffer.from(userData, 'base64').toString('utf8')
  return text.includes('\uFFFD') ? undefined : text
}

/** The commands of a `#cloud-config` document's `runcmd` list (each item, a string or a flow list, as one line). */
function runcmdOf(config: string): string[] {
  const commands: string[] = []
  let inside = false
  for (const line of config.split(/\r?\n/)) {
    if (/^runcmd:\s*$/.test(line)) {
      inside = true
      continue
    }
    if (!inside) continue
    const item = /^\s*-\s+(.*)$/.exec(line)
    if (item?.[1] !== undefined) commands.push(unquote(item[1].trim()))
    else if (line.trim() !== '' && !/^\s/.test(line)) inside = false
  }
  return commands
}

function unquote(text: string): string {
  const flow = /^\[(.*)\]$/.exec(text)
  if (flow?.[1] !== undefined)
    return flow[1]
      .split(',')
      .map((part) => unquote(part.trim()))
      .join(' ')
  const quoted = /^(['"])(.*)\1$/.exec(text)
  return quoted?.[2] ?? text
}

/** What a command prints that the log can know without running it: echo's words. */
function outputOf(command: string): string[] {
  const echo = /^echo\s+(.*)$/.exec(command)
  return echo?.[1] !== undefined ? [unquote(echo[1].trim())] : []
}

/** The user's own part of the boot: runcmd or a shell script, each command traced as `sh -x` would, then its output. */
function userPart(facts: BootFacts, from: number): LogLine[] {
  const text = decodedUserData(facts.userData)
  if (text === undefined) return []
  const commands = text.startsWith('#cloud-config')
    ? runcmdOf(text)
    : text.startsWith('#!')
      ? text
          .split(/\r?\n/)
          .slice(1)
          .filter((line) => line.trim() !== '' && !line.trim().startsWith('#'))
      : []
  return commands.flatMap((command, i) => [
    { at: from + i * 0.3, text: `+ ${command}` },
    ...outputOf(command).map((output) => ({ at: from + i * 0.3, text: output })),
  ])
}

function bootLines(facts: BootFacts, duration: number): LogLine[] {
  const lines = kernel(facts)
  if (facts.failed) {
    return [
      ...lines.slice(0, 10),
      { at: 3.1, text: `${stamp(3.1)} VFS: Cannot open root device "LABEL=cloudimg-rootfs" or unknown-block(0,0)` },
      {
        at: 3.2,
        text: `${stamp(3.2)} Kernel panic - not syncing: VFS: Unable to mount root fs on unknown-block(0,0)`,
      },
    ]
  }
  const user = userPart(facts, 36)
  const finished = 40 + user.length * 0.3
  return [
    ...lines,
    ...systemd(facts, 3),
    stage(facts, duration, 6, 'init-local', 6.02),
    stage(facts, duration, 9, 'init', 9.11),
    ...network(facts, 9.5),
    { at: 10, text: `ci-info: no authorized SSH keys fingerprints found for user root.` },
    {
      at: 10.2,
      text: `ci-info: ++++++Authorized keys from /home/${facts.user}/.ssh/authorized_keys for user ${facts.user}++++++`,
    },
    { at: 10.2, text: `ci-info: | ssh-ed25519 | ${facts.keyFingerprint} | - | ${facts.hostname} |` },
    { at: 12, text: 'Generating public/private ed25519 key pair.' },
    stage(facts, duration, 18, 'modules:config', 18.4),
    stage(facts, duration, 34, 'modules:final', 34.7),
    ...user,
    {
      at: finished,
      text: `Cloud-init v. 24.4-0ubuntu1 finished at ${wallClock(facts, finished, duration)}. Datasource DataSourceOpenStackLocal [net,ver=2].  Up ${finished.toFixed(2)} seconds`,
    },
    { at: finished + 0.5, text: '' },
    { at: finished + 0.5, text: `${osName(facts)} ${facts.hostname} ttyS0` },
    { at: finished + 0.5, text: '' },
    { at: finished + 0.5, text: `${facts.hostname} login: ` },
  ]
}

function osName(facts: BootFacts): string {
  const { os } = facts.image.spec
  return os.distro === 'rocky' ? `Rocky Linux ${os.version} (${os.codename ?? ''})` : `Ubuntu ${os.version} LTS`
}

/**
 * The log as of `elapsed` of `duration` milliseconds into the boot (a duration of 0 boots at once), ending with a
 * newline after each line written so far.
 */
export function bootLog(facts: BootFacts, elapsed: number, duration: number): string {
  const guestSeconds = duration <= 0 ? Number.POSITIVE_INFINITY : (elapsed / duration) * BOOT_SECONDS
  let text = ''
  for (const line of bootLines(facts, duration)) if (line.at <= guestSeconds) text += `${line.text}\n`
  return text
}

/** The last `count` lines of a log, as the platform's `length` asks. */
export function lastLines(log: string, count: number): string {
  const lines = log.split('\n')
  // The final newline leaves an empty last element, which is not a line.
  if (lines.at(-1) === '') lines.pop()
  return lines.length === 0 || count === 0 ? '' : `${lines.slice(-count).join('\n')}\n`
}
