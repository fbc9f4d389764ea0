import { ActionIcon } from '../../../components/mantine/ActionIcon'
import { Badge } from '../../../components/mantine/Badge'
import { ScrollArea } from '../../../components/mantine/ScrollArea'
import { Table } from '../../../components/mantine/Table'
import { Text } from '../../../components/mantine/Text'
import { VisuallyHidden } from '../../../components/mantine/VisuallyHidden'
import { CopyIcon } from '../../../components/icons'
import { useClipboard } from '@mantine/hooks'
import { vectorOf, type Run } from '../runs'
import { formatNumber, formatFixed } from '../../../lib/format'

const ROWS = 100
const VALUES = 5

/** Each input's vector at a glance: its size, norm and first values, with the whole vector to copy. */
export function VectorTable({ run, norms }: { run: Run; norms: Float32Array | undefined }) {
  return (
    <>
      <ScrollArea type="auto">
        <Table aria-label="Vectors" verticalSpacing={6} miw={640} style={{ fontVariantNumeric: 'tabular-nums' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>#</Table.Th>
              <Table.Th>Input</Table.Th>
              <Table.Th w={70}>Dims</Table.Th>
              <Table.Th w={80}>Norm</Table.Th>
              <Table.Th w={300}>First values</Table.Th>
              <Table.Th w={52}>
                <VisuallyHidden>Copy</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {run.inputs.slice(0, ROWS).map((input, i) => {
              const vector = vectorOf(run, i)
              return (
                <Table.Tr key={i}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={1} title={input.text}>
                      {input.label && (
                        <Badge size="xs" mr={6}>
                          {input.label}
                        </Badge>
                      )}
                      {input.text}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatNumber(run.dimensions)}</Table.Td>
                  <Table.Td>{norms ? formatFixed(norms[i]!, 4) : '…'}</Table.Td>
                  <Table.Td>
                    {/* The vector as the API returns it (JSON), as its copy button copies it: not in the reader's language. */}
                    <Text size="xs" ff="monospace">
                      [{Array.from(vector.subarray(0, VALUES), (v) => v.toFixed(4)).join(', ')}
                      {run.dimensions > VALUES ? ', …' : ''}]
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <CopyVector vector={vector} index={i} />
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {run.count > ROWS && (
        <Text size="xs" c="dimmed" mt="xs">
          The first {ROWS} of {formatNumber(run.count)} vectors; download JSON or CSV for all.
        </Text>
      )}
    </>
  )
}

/**
 * Copies one vector as JSON, written when clicked: a hundred rows each serialising a thousand numbers on every render
 * (and each with a floating tooltip) made opening the tab a long task.
 */
function CopyVector({ vector, index }: { vector: Float32Array; index: number }) {
  const clipboard = useClipboard({ timeout: 1500 })
  return (
    <ActionIcon
      variant="subtle"
      color={clipboard.copied ? 'teal' : 'gray'}
      onClick={() => clipboard.copy(JSON.stringify(Array.from(vector)))}
      title={clipboard.copied ? 'Copied' : 'Copy vector as JSON'}
      aria-label={`Copy vector ${index + 1}`}
    >
      <CopyIcon copied={clipboard.copied} />
    </ActionIcon>
  )
}
