import { Button } from '../../components/mantine/Button'
import { Group } from '../../components/mantine/Group'
import { Stack } from '../../components/mantine/Stack'
import { Text } from '../../components/mantine/Text'
import { Title } from '../../components/mantine/Title'
import { useEffect, useState } from 'react'
import { ErrorAlert } from '../../components/ErrorAlert'
import { reloadOnceFor, replacedSinceOpened, type UnloadedCode } from '../../lib/unloaded-code'

const browserReload = () => location.reload()

type Finding = 'checking' | 'reloading' | 'still missing' | 'not downloaded'

/**
 * A page whose code did not arrive. When the server no longer has the file, the console has been updated since this
 * page was opened, and a reload takes the new version: done at once, as the user is leaving for another page anyway.
 * Otherwise the download failed, and the browser's words say how. Either way the way on is a reload: a browser keeps a
 * module that failed to load as failed until then, so asking for it again would fail again without asking the server.
 */
export function CodeUnavailable({
  code,
  reload = browserReload,
}: {
  code: UnloadedCode
  /** How the page reloads: the browser's reload, which a test watches instead. */
  reload?: () => void
}) {
  const [finding, setFinding] = useState<Finding>('checking')
  useEffect(() => {
    let live = true
    void replacedSinceOpened(code.url).then((replaced) => {
      if (!live) return
      if (!replaced) setFinding('not downloaded')
      else setFinding(reloadOnceFor(code.url!, reload) ? 'reloading' : 'still missing')
    })
    return () => {
      live = false
    }
  }, [code.url, reload])

  const updated = finding === 'reloading' || finding === 'still missing'
  return (
    <Stack py="xl" maw={720} gap="md">
      <Title order={1}>{updated ? 'The console has been updated' : 'This page could not be loaded'}</Title>
      {finding === 'checking' && (
        <Text role="status">Its code did not arrive; checking whether the console has been updated…</Text>
      )}
      {finding === 'reloading' && <Text role="status">Reloading to open this page in the new version…</Text>}
      {(finding === 'still missing' || finding === 'not downloaded') && (
        <ErrorAlert
          title={
            finding === 'still missing'
              ? 'The new version is missing this page’s code, after a reload too'
              : 'The page’s code could not be downloaded'
          }
          message={code.message}
        >
          <Group mt="sm">
            <Button onClick={reload}>Reload</Button>
          </Group>
        </ErrorAlert>
      )}
    </Stack>
  )
}
