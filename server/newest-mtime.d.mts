/** The latest modification time of a file, or of anything below a directory; 0 when it does not exist. */
export function newestMtime(path: string): number
