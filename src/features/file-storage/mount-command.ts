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

/** e.g. `sudo mkdir -p /mnt/datasets && sudo mount -t nfs 10.20.255.133:/fs-abc /mnt/datasets`. */
export function mountCommand(mountSource: string, storageName: string): string {
  const target = shellWord(mountPoint(storageName))
  return `sudo mkdir -p ${target} && sudo mount -t nfs ${shellWord(mountSource)} ${target}`
}
