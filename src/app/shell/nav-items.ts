import { paths } from '../../lib/paths'

interface NavItem {
  label: string
  to: string
}

export interface NavSection {
  label: string
  items: NavItem[]
}

export const NAV_SECTIONS: NavSection[] = [
  // The overview stands above the sections, so its section has no heading.
  { label: '', items: [{ label: 'Overview', to: paths.home() }] },
  {
    label: 'Infrastructure',
    items: [
      { label: 'Networks', to: paths.networks() },
      { label: 'Security groups', to: paths.securityGroups() },
      { label: 'File storage', to: paths.fileStorages() },
      { label: 'Instances', to: paths.instances() },
      { label: 'Flavors', to: paths.flavors() },
    ],
  },
  {
    label: 'Identity',
    items: [
      { label: 'Users', to: paths.users() },
      { label: 'Service accounts', to: paths.serviceAccounts() },
      { label: 'Projects', to: paths.projects() },
      { label: 'Groups', to: paths.groups() },
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
