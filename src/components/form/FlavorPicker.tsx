import { Group } from '../mantine/Group'
import { Radio } from '../mantine/Radio'
import { ScrollArea } from '../mantine/ScrollArea'
import { SegmentedControl } from '../mantine/SegmentedControl'
import { Stack } from '../mantine/Stack'
import { Table } from '../mantine/Table'
import { Text } from '../mantine/Text'
import { UnstyledButton } from '../mantine/UnstyledButton'
import { VisuallyHidden } from '../mantine/VisuallyHidden'
import { useEffect, useRef, useState } from 'react'
import type { Flavor } from '../../api/schemas/regional'
import type { SortState } from '../../lib/sort'
import { BareMetalBadge } from '../BareMetalBadge'
import { flavorRows, offeredFlavors, type FlavorKind } from '../../lib/catalog-fit'
import { formatNumber } from '../../lib/format'

interface FlavorPickerProps {
  flavors: Flavor[]
  value: string
  onChange: (flavorId: string) => void
  error?: string
  /** Given what a failed submit focuses: the chosen flavor's radio, else the first, with the error above it in view. */
  focusRef?: (target: { focus: () => void }) => void
  loading: boolean
}

// One word per heading, so none wraps in the form's side-by-side column (about 600 px at 1440): units go with the
// values, and the disk sits under the memory, the figure it is chosen beside.
const COLUMNS: { key: string; header: string; title?: string; numeric?: boolean }[] = [
  { key: 'name', header: 'Flavor' },
  { key: 'cpus', header: 'vCPUs', numeric: true },
  { key: 'memory', header: 'Memory', title: 'Memory in GiB, with the disk in GB beneath', numeric: true },
  // Sorted by the GPU memory of all its GPUs together, the figure that decides what model fits.
  { key: 'gpuMemoryTotal', header: 'GPUs', title: 'GPU count, model, vendor and memory; sorted by total GPU memory' },
]

/**
 * The flavors of the region as a table to choose one row from: GPU or CPU only, sortable by size. Units as the
 * platform gives them: memory and GPU memory in GiB, disk in GB. GPU memory is the total over the flavor's GPUs.
 * Pinned-only flavors are left out (an instance cannot name the host they need), and the picker says how many.
 */
export function FlavorPicker({ flavors: listed, value, onChange, error, focusRef, loading }: FlavorPickerProps) {
  const { offered: flavors, pinned } = offeredFlavors(listed, value)
  const [kind, setKind] = useState<FlavorKind>(() =>
    flavors.find((f) => f.metadata.id === value)?.spec.gpu ? 'gpu' : 'all',
  )
  const [sort, setSort] = useState<SortState>({ key: 'name', direction: 'asc' })
  const rows = flavorRows(flavors, kind, sort)
  const chosen = flavors.find((f) => f.metadata.id === value)

  // The chosen flavor starts in view: an edit form (or a flavor link) opens on a flavor that may sort far down the
  // table. Once, when its row first exists; later choices are made by the user, in view. Only the table scrolls.
  const viewportRef = useRef<HTMLDivElement>(null)
  const chosenRowRef = useRef<HTMLTableRowElement>(null)
  const revealed = useRef(false)
  useEffect(() => {
    const viewport = viewportRef.current
    const row = chosenRowRef.current
    if (revealed.current || !viewport || !row) return
    revealed.current = true
    const offset = row.getBoundingClientRect().top - viewport.getBoundingClientRect().top + viewport.scrollTop
    viewport.scrollTop = Math.max(0, offset - (viewport.clientHeight - row.offsetHeight) / 2)
  }, [flavors])

  const headRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    focusRef?.({
      focus: () => {
        const radios = viewportRef.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]')
        const radio = [...(radios ?? [])].find((r) => r.checked) ?? radios?.[0]
        // The message goes under the label, above the table: the label centred keeps both in view with the rows.
        headRef.current?.scrollIntoView({ block: 'center' })
        radio?.focus({ preventScroll: true })
      },
    })
  }, [focusRef])

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end" ref={headRef}>
        <div>
          <Text id="flavor-label" size="sm" fw="var(--mantine-font-weight-medium)">
            Flavor{' '}
            <Text span c="red" aria-hidden>
              *
            </Text>
          </Text>
          <Text size="xs" c="dimmed">
            The instance's size: memory and GPU memory in GiB, disk in GB.
          </Text>
        </div>
        <SegmentedControl
          size="xs"
          aria-label="Flavor kind"
          value={kind}
          onChange={(next) => setKind(next as FlavorKind)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'gpu', label: 'GPU' },
            { value: 'cpu', label: 'CPU only' },
          ]}
        />
      </Group>
      {error && (
        <Text id="flavor-error" size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {/* Never sideways: every column fits the form column, so the table scrolls only down its rows. As tall as its
          rows up to most of the window (a fixed 380 px showed 6 of 19 flavors on a 900 px screen), never under 380. */}
      <ScrollArea.Autosize
        mah="max(380px, calc(100dvh - 260px))"
        type="auto"
        scrollbars="y"
        offsetScrollbars="y"
        viewportRef={viewportRef}
        role="radiogroup"
        aria-labelledby="flavor-label"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'flavor-error' : undefined}
      >
        <Table aria-labelledby="flavor-label" highlightOnHover verticalSpacing={6} horizontalSpacing="xs" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32}>
                <VisuallyHidden>Choose</VisuallyHidden>
              </Table.Th>
              {COLUMNS.map((column) => {
                const active = sort.key === column.key
                return (
                  <Table.Th
                    key={column.key}
                    title={column.title}
                    ta={column.numeric ? 'right' : undefined}
                    style={{ whiteSpace: 'nowrap' }}
                    aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <UnstyledButton
                      className="mantine-focus-auto"
                      onClick={() =>
                        setSort({ key: column.key, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' })
                      }
                    >
                      <Text span fw={600} size="sm">
                        {column.header}
                      </Text>{' '}
                      <Text span size="xs" c={active ? undefined : 'dimmed'} aria-hidden>
                        {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                      </Text>
                    </UnstyledButton>
                  </Table.Th>
                )
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((flavor) => {
              const gpu = flavor.spec.gpu
              const selected = flavor.metadata.id === value
              return (
                <Table.Tr
                  key={flavor.metadata.id}
                  ref={selected ? chosenRowRef : undefined}
                  bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
                  style={{ cursor: 'pointer' }}
                  onClick={() => onChange(flavor.metadata.id)}
                >
                  <Table.Td>
                    <Radio
                      name="flavorId"
                      value={flavor.metadata.id}
                      checked={selected}
                      onChange={() => onChange(flavor.metadata.id)}
                      aria-label={flavor.metadata.name}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      <Text size="sm" fw={600} ff="monospace">
                        {flavor.metadata.name}
                      </Text>
                      <BareMetalBadge flavor={flavor} size="xs" />
                    </Group>
                    <Text size="xs" c="dimmed" truncate="end" maw={170}>
                      {flavor.spec.cpuFamily ?? 'CPU family not given'}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{flavor.spec.cpus}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatNumber(flavor.spec.memory)} GiB
                    <Text size="xs" c="dimmed">
                      {formatNumber(flavor.spec.disk)} GB disk
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {gpu ? (
                      <>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {gpu.physicalCount} × {gpu.model} {gpu.memory} GiB
                        </Text>
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {gpu.vendor} · {formatNumber(gpu.memory * gpu.physicalCount)} GiB total
                        </Text>
                      </>
                    ) : (
                      <Text size="sm" c="dimmed">
                        none
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Text size="xs" c="dimmed" aria-live="polite">
        {loading
          ? 'Loading flavors…'
          : rows.length === 0
            ? 'No flavor of this kind in the region.'
            : chosen
              ? `Chosen: ${chosen.metadata.name}`
              : `${rows.length === 1 ? '1 flavor' : `${formatNumber(rows.length)} flavors`}; none chosen yet.`}
      </Text>
      {pinned > 0 && (
        <Text size="xs" c="dimmed">
          {pinned === 1 ? '1 flavor of the region is' : `${formatNumber(pinned)} flavors of the region are`} not
          offered: pinned to hosts a request must name, which an instance cannot. The flavors page lists them.
        </Text>
      )}
    </Stack>
  )
}
