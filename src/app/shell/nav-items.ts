import { PAGE_ICONS } from '../../lib/page-icons'
import { paths, pathsOf } from '../../lib/paths'
import { navLabel, resources, type IconModule, type Resource } from '../../lib/resources'

interface NavItem {
  label: string
  to: string
  /** A resource's is its row's; the pages that are no resource's name theirs here. */
  icon: IconModule
  /** Shown only when the caller may read this resource (always, when the platform offers no ACL). */
  resource?: Resource
}

export interface NavSection {
  label: string
  items: NavItem[]
}

const ROWS: readonly Resource[] = Object.values(resources)

/** The resources a section lists, in the rows' order (`lib/resources.ts`). */
const listed = (section: NonNullable<Resource['nav']>): NavItem[] =>
  ROWS.filter((resource) => resource.nav === section).map((resource) => ({
    label: navLabel(resource),
    to: pathsOf(resource).list(),
    icon: resource.icon,
    resource,
  }))

export const NAV_SECTIONS: NavSection[] = [
  // The overview stands above the sections, so its section has no heading.
  {
    label: '',
    items: [
      { label: 'Overview', to: paths.home(), icon: PAGE_ICONS.overview },
      // Every member may open it; the server shows them only the kinds their roles let them read.
      { label: 'Activity', to: paths.activity(), icon: PAGE_ICONS.activity },
    ],
  },
  {
    label: 'Infrastructure',
    items: [...listed('Infrastructure'), { label: 'GPU topology', to: paths.topology(), icon: PAGE_ICONS.topology }],
  },
  { label: 'Identity', items: listed('Identity') },
  {
    label: 'AI',
    items: [
      { label: 'Model catalog', to: paths.models(), icon: PAGE_ICONS.models },
      { label: 'Embeddings playground', to: paths.playground(), icon: PAGE_ICONS.playground },
    ],
  },
]
