import { Paper, Title } from '@mantine/core'
import type { ComponentProps } from 'react'
import { LinkRow } from './LinkRow'

/** A detail page's section of links to what lives in the resource ("In this project"), each a filtered list. */
export function RelatedLinks({ title, links }: { title: string; links: ComponentProps<typeof LinkRow>['links'] }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <LinkRow links={links} />
    </Paper>
  )
}
