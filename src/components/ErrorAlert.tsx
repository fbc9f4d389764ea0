import type { AlertProps } from '@mantine/core'
import { Alert } from './mantine/Alert'
import { Code } from './mantine/Code'
import { Text } from './mantine/Text'
import type { ReactNode, Ref } from 'react'
import { traceIdsOf, type TraceIds } from '../api/errors'
import { errorTitle } from './error-title'

interface ErrorAlertProps extends Omit<AlertProps, 'title' | 'color' | 'children'> {
  title: string
  /** The platform's own words first; anything the console adds comes after them. */
  message: ReactNode
  traces?: TraceIds
  /** What the user can do next (a retry), below the words. */
  children?: ReactNode
  ref?: Ref<HTMLDivElement>
}

/**
 * Every failure the console shows, in one shape: who failed (the title), the platform's words, and the ids to quote
 * to support: the platform's `trace_id`, which its operators look failures up by, and the console's beside it when
 * they differ (its log line and the upstream's carry it).
 */
export function ErrorAlert({ title, message, traces, children, ...alert }: ErrorAlertProps) {
  return (
    <Alert color="red" title={title} role="alert" {...alert}>
      {/* Words are a paragraph; a message of blocks (the words, then a list) cannot be one, so it is a division. */}
      <Text size="sm" component={typeof message === 'string' ? 'p' : 'div'}>
        {message}
      </Text>
      {traces && <TraceLine traces={traces} />}
      {children}
    </Alert>
  )
}

/** The title, words and trace ids of a failed request; `refused` words a refusal for its context. */
export function alertOf(error: unknown, refused?: string) {
  return {
    title: errorTitle(error, refused),
    message: error instanceof Error ? error.message : 'The request failed.',
    traces: traceIdsOf(error),
  }
}

/** A failure's words and trace ids, where a notification shows them. */
export function FailureText({ error }: { error: Error }) {
  return (
    <>
      <Text size="sm">{error.message}</Text>
      <TraceLine traces={traceIdsOf(error)} />
    </>
  )
}

/** The ids to quote to support, where one alert lists several failures. */
export function TraceLine({ traces }: { traces: TraceIds }) {
  const { platform, console: consoleId } = traces
  if (platform && consoleId)
    return (
      <Text size="xs" mt={4}>
        Platform trace id <Code>{platform}</Code> · console trace id <Code>{consoleId}</Code>
      </Text>
    )
  const only = platform ?? consoleId
  if (!only) return null
  return (
    <Text size="xs" mt={4}>
      Trace id <Code>{only}</Code>
    </Text>
  )
}
