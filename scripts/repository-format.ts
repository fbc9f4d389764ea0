import { readFileSync } from 'node:fs'
import { format } from 'oxfmt'

/**
 * A generated file's text as the repository's formatter writes it (.oxfmtrc.json), so that `npm run format:check`
 * passes the file as it is written.
 */
export async function formatLikeTheRepository(fileName: string, text: string): Promise<string> {
  const { ignorePatterns: _ignored, ...options } = JSON.parse(
    readFileSync(new URL('../.oxfmtrc.json', import.meta.url), 'utf8'),
  ) as Record<string, unknown>
  const { code, errors } = await format(fileName, text, options)
  if (errors.length) throw new Error(`${fileName} does not format: ${JSON.stringify(errors)}`)
  return code
}
