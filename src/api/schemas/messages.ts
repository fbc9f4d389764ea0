// zod/mini registers no locale, so an issue would read only "Invalid input". English messages keep the text as
// classic zod wrote it ("Invalid input: expected string, received number"). Not in the boot path: the forms and the
// playground, which show issues as the user types, import this module; the API client loads it only when an answer
// fails its schema (client.ts), which is the one time the first screen would show an issue.
import { config } from 'zod/mini'
import en from 'zod/v4/locales/en.js'

/** Makes zod write its issues in English (again, after a test has cleared the locale). */
export function englishMessages(): void {
  config(en())
}

englishMessages()
