import { memo } from 'react'
import { CodeTabs as SharedCodeTabs } from '../../../components/CodeTabs'
import type { RequestCode } from '../request-code'

/** The playground's request as code, opening on curl; memoised, as it holds every input's text. */
export const CodeTabs = memo(function CodeTabs({ samples }: { samples: RequestCode[] }) {
  return <SharedCodeTabs samples={samples} defaultLanguage="curl" maxHeight={340} />
})
