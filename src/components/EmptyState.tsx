import { Paper } from './mantine/Paper'
import { Stack } from './mantine/Stack'
import { Text } from './mantine/Text'
import { Title } from './mantine/Title'
import { useId, type ReactNode } from 'react'
import classes from './EmptyState.module.css'

/** What the empty state is about: nothing here yet, nothing matching, or something that went wrong. */
type EmptyKind = 'empty' | 'no-match' | 'error'

// 24-px line drawings in the text's colour: an open box, a magnifier, a warning sign.
const ICONS: Record<EmptyKind, ReactNode> = {
  empty: (
    <>
      <path d="M3 8l9-5 9 5v8l-9 5-9-5z" />
      <path d="M3 8l9 5 9-5M12 13v8" />
    </>
  ),
  'no-match': (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l5 5M8.5 11h5" />
    </>
  ),
  error: (
    <>
      <path d="M12 3.5l9.5 16.5h-19z" />
      <path d="M12 10v4.5M12 17.25v.25" />
    </>
  ),
}

/** Where a list or a page has nothing to show: an icon, a title, a sentence saying why, and the next action. */
export function EmptyState({
  title,
  description,
  action,
  kind = 'empty',
}: {
  title: string
  description: ReactNode
  action?: ReactNode
  kind?: EmptyKind
}) {
  const titleId = useId()
  return (
    // A region named by its title: where the page's content would be, it says what is there instead.
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      p="xl"
      style={{ borderStyle: 'dashed' }}
    >
      <Stack align="center" gap="xs" py="lg">
        <div className={classes.icon} data-kind={kind}>
          <svg
            width="24"
            height="24"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.75"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            {ICONS[kind]}
          </svg>
        </div>
        <Title id={titleId} order={2} size="h4" ta="center">
          {title}
        </Title>
        <Text c="dimmed" size="sm" ta="center" maw={480}>
          {description}
        </Text>
        {action && <div style={{ marginTop: 8 }}>{action}</div>}
      </Stack>
    </Paper>
  )
}
