import { capitalized } from '../../lib/words'
import type { Resource } from '../../lib/resources'

/** The sentences every list page builds from its resource's name, so they read alike from page to page. */
export function listCopy({ noun: [, many], mass }: Pick<Resource, 'noun' | 'mass'>) {
  const plural = mass ?? many
  return {
    /** The page's heading, the table's name and what "could not be loaded". */
    title: capitalized(plural),
    /** A regional list whose project and region filters leave nothing. */
    noneInScope: `No ${plural} in this scope`,
    /** An identity list with nothing yet; without a create button there is nothing "yet" would invite. */
    noneYet: (creatable: boolean) => (creatable ? `No ${plural} yet` : `No ${plural}`),
    // A mass noun takes the singular verb: "No file storage matches".
    noneMatch: mass ? `No ${mass} matches` : `No ${many} match`,
    notListed: `This platform does not list ${plural}`,
    /** Under notListed on an identity page: whose list is missing, and that the create form (`verb`) still works. */
    notListedHelp: (verb?: string) =>
      `Its identity service offers no list of ${plural}.` + (verb ? ` You can still ${verb.toLowerCase()} one.` : ''),
  }
}
