import { Button, Code, CopyButton, Group, ScrollArea, Tabs, Text } from '@mantine/core'
import type { RequestCode } from '../request-code'

export function CodeTabs({ samples }: { samples: RequestCode[] }) {
  return (
    <Tabs defaultValue="curl" keepMounted={false}>
      <Tabs.List>
        {samples.map((sample) => (
          <Tabs.Tab key={sample.language} value={sample.language}>
            {sample.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {samples.map((sample) => (
        <Tabs.Panel key={sample.language} value={sample.language} pt="xs">
          <ScrollArea.Autosize mah={340} type="auto" viewportProps={{ tabIndex: 0 }}>
            <Code block style={{ whiteSpace: 'pre', fontSize: 12 }}>
              {sample.code}
            </Code>
          </ScrollArea.Autosize>
          <Group justify="space-between" mt={6}>
            <Text size="xs" c="dimmed">
              Set <Code>TOKEN</Code> to your bearer token first.
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
