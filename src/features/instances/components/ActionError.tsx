import { alertOf, ErrorAlert } from '../../../components/ErrorAlert'

/** A refused action, where the user clicked: who refused, the platform's words, and the trace ids to quote to support. */
export function ActionError({ error, refused, explanation }: { error: Error; refused: string; explanation?: string }) {
  const alert = alertOf(error, refused)
  return <ErrorAlert {...alert} message={explanation ? `${alert.message} ${explanation}` : alert.message} />
}
