import { paths } from '../../lib/paths'
import type { Governed } from '../../lib/permissions'

interface NavItem {
  label: string
  to: string
  /** Shown only when the caller may read this page's resources (always, when the platform offers no ACL). */
  page?: Governed
}

export interface NavSection {
  label: string
  items: NavItem[]
}

export const NAV_SECTIONS: NavSection[] = [
  // The overview stands above the sections, so its section has no heading.
  {
    label: '',
    items: [
      { label: 'Overview', to: paths.home() },
      // Every member may open it; the server shows them only the kinds their roles let them read.
      { label: 'Activity', to: paths.activity() },
    ],
  },
  {
    label: 'Infrastructure',
    items: [
      { label: 'Networks', to: paths.networks(), page: 'networks' },
      { label: 'Security groups', to: paths.securityGroups(), page: 'securityGroups' },
      { label: 'File storage', to: paths.fileStorages(), page: 'fileStorage' },
      { label: 'Instances', to: paths.instances(), page: 'instances' },
      { label: 'Flavors', to: paths.flavors(), page: 'flavors' },
    ],
  },
  {
    label: 'Identity',
    items: [
      { label: 'Users', to: paths.users(), page: 'users' },
      { label: 'Service accounts', to: paths.serviceAccounts(), page: 'serviceAccounts' },
      { label: 'Projects', to: paths.projects(), page: 'projects' },
      { label: 'Groups', to: paths.groups(), page: 'groups' },
    ],
  },
  {
    label: 'AI',
    items: [
      { label: 'Model catalog', to: paths.models() },
      { label: 'Embeddings playground', to: paths.playground() },
    ],
  },
]
