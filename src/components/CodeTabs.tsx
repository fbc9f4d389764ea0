import type { ReactNode } from 'react'
import { CopyButton } from '@mantine/core'
import { Button } from './mantine/Button'
import { Code } from './mantine/Code'
import { Group } from './mantine/Group'
import { ScrollArea } from './mantine/ScrollArea'
import { Tabs } from './mantine/Tabs'
import { Text } from './mantine/Text'

interface CodeTab {
  language: string
  label: string
  code: string
}

interface CodeTabsProps {
  samples: CodeTab[]
  /** The tab open at first; the first sample's by default. */
  defaultLanguage?: string
  /** Names the tab list for assistive technology when a page holds more than one. */
  label?: string
  /** Height past which a sample scrolls. */
  maxHeight: number
  /** What to do before running a sample; by default, set the token, which the samples leave a placeholder. */
  note?: ReactNode
}

/** Code to copy, one tab per language, each with a copy button; the token stays a placeholder the reader sets. */
export function CodeTabs({
  samples,
  defaultLanguage = samples[0]?.language,
  label,
  maxHeight,
  note = (
    <>
      Set <Code>TOKEN</Code> to your bearer token first.
    </>
  ),
}: CodeTabsProps) {
  return (
    <Tabs defaultValue={defaultLanguage} keepMounted={false} aria-label={label}>
      <Tabs.List>
        {samples.map((sample) => (
          <Tabs.Tab key={sample.language} value={sample.language}>
            {sample.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {samples.map((sample) => (
        <Tabs.Panel key={sample.language} value={sample.language} pt="xs">
          <ScrollArea.Autosize mah={maxHeight} type="auto" viewportProps={{ tabIndex: 0 }}>
            <Code block style={{ whiteSpace: 'pre', fontSize: 12 }}>
              {sample.code}
            </Code>
          </ScrollArea.Autosize>
          <Group justify="space-between" mt={6}>
            <Text size="xs" c="dimmed">
              {note}
            </Text>
            <CopyButton value={sample.code}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="light" onClick={copy}>
                  {copied ? 'Copied' : `Copy ${sample.label}`}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Tabs.Panel>
      ))}
    </Tabs>
  )
}
