import { CodeTabs as SharedCodeTabs } from '../../../components/CodeTabs'
import type { RequestCode } from '../request-code'

/** The playground's request as code, opening on curl. */
export function CodeTabs({ samples }: { samples: RequestCode[] }) {
  return <SharedCodeTabs samples={samples} defaultLanguage="curl" maxHeight={340} />
}
