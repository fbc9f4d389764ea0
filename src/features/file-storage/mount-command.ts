// The shell command that mounts an NFS attachment, shown next to each attachment for copying.

/** POSIX single-quoting, only when the text holds a character the shell would read specially. */
function shellWord(text: string): string {
  return /^[A-Za-z0-9_.:/@%+=,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`
}

/** The mount point under /mnt: the storage's name, which the platform already limits to letters, digits, - _ and . */
export function mountPoint(storageName: string): string {
  const safe = storageName.replace(/[^A-Za-z0-9_.-]/g, '-').replace(/^\.+/, '') || 'storage'
  return `/mnt/${safe}`
}

/**
 * The NFS options the platform gives an attachment (region v1.20.0 `mountOptions`, e.g. `{vers: '4.1', nconnect:
 * '16'}`) as mount's `-o` list, in the order given; an option with no value is a flag. Empty when there are none.
 */
function optionList(mountOptions: Readonly<Record<string, string>> | undefined): string {
  const options = Object.entries(mountOptions ?? {}).map(([key, value]) => (value === '' ? key : `${key}=${value}`))
  return options.length ? ` -o ${shellWord(options.join(','))}` : ''
}

/**
 * e.g. `sudo mkdir -p /mnt/datasets && sudo mount -t nfs -o vers=4.1 10.20.255.133:/fs-abc /mnt/datasets`: the
 * attachment's own mount options go with it, as the storage's servers want them (a mount without them may work, but
 * slower, or on the wrong NFS version).
 */
export function mountCommand(
  mountSource: string,
  storageName: string,
  mountOptions?: Readonly<Record<string, string>>,
): string {
  const target = shellWord(mountPoint(storageName))
  return `sudo mkdir -p ${target} && sudo mount -t nfs${optionList(mountOptions)} ${shellWord(mountSource)} ${target}`
}
