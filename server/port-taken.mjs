import { createServer } from 'node:net'

/**
 * The sentence to say when the port the console would listen on is already taken, else undefined. Asked before any
 * build: the server's listen failing after it printed a raw EADDRINUSE stack trace, a build's time too late. `PORT` and
 * `HOST` default as server/config.ts reads them.
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<string | undefined>}
 */
export function portTaken(env) {
  const port = Number(env.PORT) || 8080
  const host = env.HOST || '127.0.0.1'
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', (/** @type {NodeJS.ErrnoException} */ error) =>
      resolve(
        error.code === 'EADDRINUSE'
          ? `Cloud Console cannot start: port ${port} on ${host} is already in use. Stop what listens there, or start with PORT=<another port>.`
          : undefined,
      ),
    )
    probe.listen(port, host, () => probe.close(() => resolve(undefined)))
  })
}
