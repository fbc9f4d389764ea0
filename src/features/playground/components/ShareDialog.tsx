import { CopyButton } from '@mantine/core'
import { Alert } from '../../../components/mantine/Alert'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Modal } from '../../../components/mantine/Modal'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { TextInput } from '../../../components/mantine/TextInput'
import { useState } from 'react'
import { MAX_LINK_LENGTH, encodeShare, type SharedRun } from '../share-link'
import { formatNumber } from '../../../lib/format'

type Link = { kind: 'asking' } | { kind: 'made'; url: string } | { kind: 'refused'; message: string }

/**
 * Shares the run as a link, after saying plainly what the link gives away: every input, readable by whoever gets
 * the link. Nothing is sent anywhere; the link is built in the browser.
 */
export function ShareDialog({ run, onClose }: { run: SharedRun; onClose: () => void }) {
  const [link, setLink] = useState<Link>({ kind: 'asking' })
  const queries = run.judgements.filter((j) => j.query.trim()).length

  async function create() {
    const url = `${location.origin}${location.pathname}${await encodeShare(run)}`
    setLink(
      url.length > MAX_LINK_LENGTH
        ? {
            kind: 'refused',
            message: `These inputs make a link of ${formatNumber(url.length)} characters, too long to work everywhere. Share fewer inputs, or export them as a file.`,
          }
        : { kind: 'made', url },
    )
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title="Share this run as a link"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Alert color="amber" title="The link contains your inputs">
          <Text size="sm">
            All {formatNumber(run.inputs.length)} inputs
            {queries ? ` and ${queries} retrieval ${queries === 1 ? 'query' : 'queries'}` : ''} go into the link, with
            the models and options. Anyone who gets the link can read them. They sit after the link’s #, which browsers
            never send to a server (this console’s included); the vectors are not in the link: opening it sets the run
            up again.
          </Text>
        </Alert>
        {link.kind === 'asking' && (
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void create()}>Create the link</Button>
          </Group>
        )}
        {link.kind === 'refused' && (
          <Alert color="red" role="alert">
            {link.message}
          </Alert>
        )}
        {link.kind === 'made' && (
          <>
            <TextInput
              label="Link to this run"
              value={link.url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              description={`${formatNumber(link.url.length)} characters${link.url.length > 8000 ? '; some chat and mail apps cut links this long' : ''}.`}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose}>
                Done
              </Button>
              <CopyButton value={link.url}>
                {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy link'}</Button>}
              </CopyButton>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  )
}
