// What a failed run tells the user: what happened and what to do next, and which field it concerns.

import { isApiError, isSessionEnded, traceIdsOf, type TraceIds } from '../../api/errors'

export interface Failure {
  title: string
  message: string
  /** What the user can do about it, when the console knows. */
  next?: string
  field?: 'model' | 'dimensions' | 'inputs' | 'user'
  traces?: TraceIds
}

export function describeFailure(error: unknown, model: string): Failure {
  return { ...described(error, model), traces: traceIdsOf(error) }
}

function described(error: unknown, model: string): Failure {
  if (!isApiError(error))
    return {
      title: 'The run failed',
      message: error instanceof Error ? error.message : String(error),
      next: 'Run again; if it keeps failing, reload the page.',
    }
  const blamed = error.fieldPath?.[0]
  const field =
    blamed === 'model' || blamed === 'dimensions' || blamed === 'user'
      ? blamed
      : blamed === 'input'
        ? 'inputs'
        : undefined
  if (isSessionEnded(error))
    return {
      title: 'Your session ended',
      message: error.message,
      next: 'Sign in again in the prompt; your inputs are kept, then run again.',
    }
  // A 404 names the model only when the answer blames it: an unknown endpoint answers 404 too.
  if (error.code === 'model_not_found' || (error.status === 404 && field === 'model')) {
    return {
      title: `Model ${model} is not available`,
      message: error.message,
      next: 'Pick an embedding model from the list, or check the id you typed.',
      field: 'model',
    }
  }
  if (error.status === 429)
    return {
      title: 'Too many requests',
      message: error.message,
      next: 'Wait a minute and run again. Batches are already sent one at a time.',
    }
  if (error.status >= 500) {
    return {
      title: 'The inference service failed',
      message: error.message,
      next: 'Run again in a moment.',
    }
  }
  // Nothing was found at the address: the platform's words say what (an endpoint, say); the console adds no guess.
  if (error.status === 404) return { title: 'Not found', message: error.message }
  if (error.status === 0)
    return { title: 'No answer from the service', message: error.message, next: 'Check your connection and run again.' }
  return {
    title: 'The request was refused',
    message: error.message,
    next: field
      ? `Correct the ${field === 'inputs' ? 'inputs' : `${field} field`} and run again.`
      : 'Correct the request and run again.',
    field,
  }
}
