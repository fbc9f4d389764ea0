/* global console, process */
// `npm start`: bundles the server when the bundle is missing or older than its sources, then runs it in this same
// process. SKIP_BUILD=true skips only the SPA's build, which the bundle itself checks. A port already taken is said
// first, in one line, before either build.
import { BUNDLE, bundleIsStale, bundleServer } from './bundle.mjs'
import { portTaken } from './port-taken.mjs'

const taken = await portTaken(process.env)
if (taken) {
  console.error(taken)
  process.exit(1)
}
if (bundleIsStale()) {
  console.log('Bundling the console server…')
  await bundleServer()
}
await import(BUNDLE)
