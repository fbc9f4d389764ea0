// The types of bundle.mjs, a plain script that `npm start` runs before any TypeScript loader, for the test that imports it.
export const BUNDLE: string
export function bundleIsStale(): boolean
export function bundleServer(options?: { write?: boolean }): Promise<string[]>
