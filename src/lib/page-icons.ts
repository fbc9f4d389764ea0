import type { IconModule } from './resources'

/** The icons of the pages that are no resource's: their navigation links and their titles show them. */
export const PAGE_ICONS = {
  overview: () => import('@tabler/icons-react/icons/IconLayoutDashboard'),
  activity: () => import('@tabler/icons-react/icons/IconHistory'),
  models: () => import('@tabler/icons-react/icons/IconSparkles'),
  playground: () => import('@tabler/icons-react/icons/IconFlask'),
  topology: () => import('@tabler/icons-react/icons/IconTopologyStar3'),
} satisfies Record<string, IconModule>
