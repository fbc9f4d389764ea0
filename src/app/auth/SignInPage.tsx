import { Paper } from '../../components/mantine/Paper'
import { Stack } from '../../components/mantine/Stack'
import { Text } from '../../components/mantine/Text'
import { Title } from '../../components/mantine/Title'
import { KindIcon } from '../../components/KindIcon'
import { PAGE_ICONS } from '../../lib/page-icons'
import { resources, type IconModule } from '../../lib/resources'
import { Logo } from '../shell/Logo'
import { SignInForm } from './SignInForm'
import classes from './SignInPage.module.css'

/** What the console operates, each with the icon its pages show. */
const OPERATES: { icon: IconModule; what: string; detail: string }[] = [
  {
    icon: resources.instances.icon,
    what: 'Compute',
    detail: 'GPU and CPU instances on the region’s flavors and images',
  },
  {
    icon: resources.networks.icon,
    what: 'Networks',
    detail: 'Address ranges, security groups and file storage',
  },
  {
    icon: resources.users.icon,
    what: 'Identity',
    detail: 'Projects, users, groups, service accounts and sign-in providers',
  },
  {
    icon: PAGE_ICONS.models,
    what: 'Inference',
    detail: 'The model catalog’s prices and an embeddings playground',
  },
]

/**
 * The first page a visitor sees: what the console is and who it is for beside the ways in, so that a sign-in page says
 * more than "Sign in". Below 900 px the two stack, the sign-in first after one sentence, so a phone shows it at once.
 */
export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  return (
    <main className={classes.page}>
      <section className={classes.about} aria-labelledby="sign-in-product">
        <div className={classes.brand}>
          <Logo size={36} />
          <Title id="sign-in-product" order={1} size="h2">
            Cloud Console
          </Title>
        </div>
        <Text className={classes.lead}>
          Run your organization’s share of the GPU cloud: its machines, networks, people and models, in one place.
        </Text>
        <ul className={classes.operates}>
          {OPERATES.map(({ icon, what, detail }) => (
            <li key={what} className={classes.item}>
              <span className={classes.tile}>
                <KindIcon icon={icon} size={20} />
              </span>
              <span>
                <span className={classes.what}>{what}</span>
                <span className={classes.detail}>{detail}</span>
              </span>
            </li>
          ))}
        </ul>
        <Text size="sm" className={classes.who}>
          For the admins who run an organization, the platform’s operators, and the project members who build on it:
          each sees what their roles let them.
        </Text>
      </section>
      <div className={classes.side}>
        <Paper withBorder shadow="sm" p="xl" radius="lg" className={classes.card}>
          <Stack gap="md">
            <Title order={2} size="h3">
              Sign in
            </Title>
            <SignInForm onSignedIn={onSignedIn} />
          </Stack>
        </Paper>
      </div>
    </main>
  )
}
