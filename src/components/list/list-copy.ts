/**
 * What a list page's count line counts, singular and plural: ['network', 'networks']. A resource named as a mass
 * noun in sentences ("file storage") gives that name as `mass`, and keeps counting its units ("3 file systems").
 */
export interface ListNoun {
  noun: readonly [string, string]
  mass?: string
}

/** The sentences every list page builds from its resource's name, so they read alike from page to page. */
export function listCopy({ noun: [one, many], mass }: ListNoun) {
  const plural = mass ?? many
  return {
    /** The page's heading, the table's name and what "could not be loaded". */
    title: plural.charAt(0).toUpperCase() + plural.slice(1),
    create: `Create ${mass ?? one}`,
    /** A regional list whose project and region filters leave nothing. */
    noneInScope: `No ${plural} in this scope`,
    /** An identity list with nothing yet; without a create button there is nothing "yet" would invite. */
    noneYet: (creatable: boolean) => (creatable ? `No ${plural} yet` : `No ${plural}`),
    // A mass noun takes the singular verb: "No file storage matches".
    noneMatch: mass ? `No ${mass} matches` : `No ${many} match`,
    notListed: `This platform does not list ${plural}`,
  }
}
