// The shell's styles and the list kit's, put in the entry's stylesheet by this import from providers.tsx rather than in
// stylesheets of the shell's and the list kit's chunks. Every signed-in page needs the shell's, and all but the
// overview show the list kit (its inputs, pills, table and ids). On HTTP/1.1 a browser opens at most six connections
// to the console: the bootstrap, the entry's stylesheet, the text font and the page's stylesheets had taken all six,
// so the entry's script, the largest file on the way to the first paint, waited for one of them to finish. The build
// fails if either chunk gets a stylesheet again (stylesInEntrySheet in vite.config.ts): add the new sheet here.
import '@mantine/core/styles/ActionIcon.layer.css'
import '@mantine/core/styles/Anchor.layer.css'
import '@mantine/core/styles/Badge.layer.css'
import '@mantine/core/styles/Breadcrumbs.layer.css'
import '@mantine/core/styles/Burger.layer.css'
import '@mantine/core/styles/Kbd.layer.css'
import '@mantine/core/styles/Paper.layer.css'
// The detail pages' and forms' grids, whose chunk ('mantine-helpers') the overview loads without showing one.
import '@mantine/core/styles/SimpleGrid.layer.css'
import '@mantine/core/styles/VisuallyHidden.layer.css'
import '../../components/cell-text.module.css'
import '../../components/KindIcon.module.css'
import '../../components/PageHeader.module.css'
import '../../components/PlainBadge.module.css'
import '../../components/ScrollBox.module.css'
import '../../components/StatusBadge.module.css'
import './AppLayout.module.css'
import './Navigation.module.css'
import './UserMenu.module.css'
// The list kit's ('list' in vite.config.ts).
import '@mantine/core/styles/Loader.layer.css'
import '@mantine/core/styles/UnstyledButton.layer.css'
import '@mantine/core/styles/CloseButton.layer.css'
import '@mantine/core/styles/Input.layer.css'
import '@mantine/core/styles/Pill.layer.css'
import '@mantine/core/styles/PillsInput.layer.css'
import '@mantine/core/styles/Combobox.layer.css'
import '../../components/EmptyState.module.css'
import '../../components/FittedChips.module.css'
import '../../components/ListResults.module.css'
import '../../components/SearchField.module.css'
import '../../components/list/BulkBar.module.css'
import '../../components/list/RowCheckbox.module.css'
import '../../components/list/FoldedFilters.module.css'
import '../../components/table-look.module.css'
import '../../components/VirtualTable.module.css'
