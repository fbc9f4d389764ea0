import { Center } from '../../components/mantine/Center'
import { Loader } from '../../components/mantine/Loader'
import { useLocation } from 'react-router'
import { OverviewHeader } from '../../components/OverviewHeader'
import { PageHeader } from '../../components/PageHeader'
import { createLabel, navLabel, resources, type Resource } from '../../lib/resources'
import { createAbout, listAbout } from '../../lib/page-about'
import { useStoredScope } from '../../lib/scope'

/**
 * What the layout shows while the first page's code and data load: the page's own header where the rows say it (a
 * list's, a create form's) and the overview's, then the same spinner as a later page's. The page, once in, renders
 * the same header in the same place, so the heading and its sentence are read at once rather than after the page's
 * code, its data and its first render.
 */
export default function FirstPageLoad() {
  return (
    <>
      <KnownHeader pathname={useLocation().pathname} />
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    </>
  )
}

function KnownHeader({ pathname }: { pathname: string }) {
  const organizationID = useStoredScope().organizationId
  if (pathname === '/') return organizationID ? <OverviewHeader organizationID={organizationID} /> : null
  const [, path, rest, more] = pathname.split('/')
  const row = Object.values<Resource>(resources).find((resource) => resource.path === path)
  if (!row || more !== undefined) return null
  const about = rest === undefined || rest === '' ? listAbout(row) : rest === 'new' ? createAbout(row) : undefined
  if (!about) return null
  return <PageHeader title={rest === 'new' ? createLabel(row) : navLabel(row)} description={about} />
}
