// What an edit form says and where it goes once the platform accepted: spread into useResourceForm's options, so
// every edit form announces and leaves alike (useCreateForm does the same for every create form).

import { capitalized } from '../../lib/words'
import { pathsOf } from '../../lib/paths'
import { singular, type Paged } from '../../lib/resources'

export interface Named {
  metadata: { id: string; name: string }
}

/** An edit form: the notice names the resource by its saved name, and saving or Cancel go back to its page. */
export function backToResource(resource: Paged, id: string) {
  return {
    savedMessage: (saved: Named) => `${capitalized(singular(resource))} ${saved.metadata.name} saved.`,
    leaveTo: pathsOf(resource).item(id),
  }
}
