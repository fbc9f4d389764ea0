import { CodeTabs } from '../../../components/CodeTabs'
import type { CodeSample } from '../code-samples'

/** A model's code samples in tabs, each with a copy button. */
export function CodeSamples({ samples, label }: { samples: CodeSample[]; label: string }) {
  return <CodeTabs samples={samples} label={label} maxHeight={320} />
}
