// What a create or edit form says and where it goes once the platform accepted: spread into useResourceForm's
// options, so every form of the console announces and leaves alike.

import { capitalized } from '../../lib/format'
import { singular, type Paged } from '../../lib/resources'

export interface Named {
  metadata: { id: string; name: string }
}

/** A resource whose create form opens the new one on its page, saying what it is doing meanwhile. */
export type Opened = Paged & { create: { startsAs: string } }

/**
 * A create form whose new resource opens on its own page: the notice names it and the state it starts in ("Network
 * web created; it is provisioning."), and Cancel goes back to the list.
 */
export function openCreated(resource: Opened) {
  return {
    savedMessage: (created: Named) =>
      `${capitalized(singular(resource))} ${created.metadata.name} created; it is ${resource.create.startsAs}.`,
    leaveTo: (created: Named) => resource.page(created.metadata.id),
    cancelTo: resource.list(),
  }
}

/** An edit form: the notice names the resource by its saved name, and saving or Cancel go back to its page. */
export function backToResource(resource: Paged, id: string) {
  return {
    savedMessage: (saved: Named) => `${capitalized(singular(resource))} ${saved.metadata.name} saved.`,
    leaveTo: resource.page(id),
  }
}
