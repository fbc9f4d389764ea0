// The shell's styles, put in the entry's stylesheet by this import from providers.tsx rather than in a stylesheet of
// the shell chunk's own. Every signed-in page needs both, and on HTTP/1.1 a browser opens at most six connections to
// the console: the bootstrap, the entry's stylesheet, the text font and the page's stylesheets had taken all six, so
// the entry's script, the largest file on the way to the first paint, waited for one of them to finish. The build
// fails if the shell chunk gets a stylesheet again (preloadShell in vite.config.ts): add the new sheet here.
import '@mantine/core/styles/ActionIcon.layer.css'
import '@mantine/core/styles/Anchor.layer.css'
import '@mantine/core/styles/Badge.layer.css'
import '@mantine/core/styles/Breadcrumbs.layer.css'
import '@mantine/core/styles/Burger.layer.css'
import '@mantine/core/styles/Kbd.layer.css'
import '@mantine/core/styles/Paper.layer.css'
import '@mantine/core/styles/VisuallyHidden.layer.css'
import '../../components/cell-text.module.css'
import '../../components/PageHeader.module.css'
import '../../components/PlainBadge.module.css'
import '../../components/ScrollBox.module.css'
import '../../components/StatusBadge.module.css'
import './AppLayout.module.css'
import './Navigation.module.css'
import './UserMenu.module.css'
