// What a create or edit form says and where it goes once the platform accepted: spread into useResourceForm's
// options, so every form of the console announces and leaves alike.

export interface Named {
  metadata: { id: string; name: string }
}

/**
 * A create form whose new resource opens on its own page: the notice names it and the state it starts in ("Network
 * web created; it is provisioning."), and Cancel goes back to the list.
 */
export function openCreated(noun: string, startsAs: string, pageOf: (id: string) => string, list: string) {
  return {
    savedMessage: (created: Named) => `${noun} ${created.metadata.name} created; it is ${startsAs}.`,
    leaveTo: (created: Named) => pageOf(created.metadata.id),
    cancelTo: list,
  }
}

/** An edit form: the notice names the resource by its saved name, and saving or Cancel go back to its page. */
export function backToResource(noun: string, page: string) {
  return { savedMessage: (saved: Named) => `${noun} ${saved.metadata.name} saved.`, leaveTo: page }
}
