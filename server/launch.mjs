/* global console */
// `npm start`: bundles the server when the bundle is missing or older than its sources, then runs it in this same
// process. SKIP_BUILD=true skips only the SPA's build, which the bundle itself checks.
import { BUNDLE, bundleIsStale, bundleServer } from './bundle.mjs'

if (bundleIsStale()) {
  console.log('Bundling the console server…')
  await bundleServer()
}
await import(BUNDLE)
