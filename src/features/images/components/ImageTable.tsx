import { Anchor } from '../../../components/mantine/Anchor'
import { Table } from '../../../components/mantine/Table'
import { Link } from 'react-router'
import type { Image } from '../../../api/schemas/regional'
import { RelativeTime } from '../../../components/RelativeTime'
import { StatusBadge } from '../../../components/StatusBadge'
import { TableScroll } from '../../../components/TableScroll'
import { cellText } from '../../../components/cell-text'
import { formatNumber } from '../../../lib/format'
import { paths } from '../../../lib/paths'
import { useFromBreakpoint } from '../../../lib/use-breakpoint'
import { ORIGIN_LABELS, driversOf, originOf, systemOf } from '../image-list'
import classes from './ImageTable.module.css'

// A name, a system, a size or an age reads on one line ("24 GiB", "last year"), not broken in two: a name broken at
// its hyphens took three lines at 1024 px.
const NO_WRAP = { whiteSpace: 'nowrap' } as const

const sizeOf = (image: Image) =>
  image.spec?.sizeGiB !== undefined ? `${formatNumber(image.spec.sizeGiB)} GiB` : undefined

/** A region's images, a column per fact from the small breakpoint up, a row of two lines each on a phone. */
export function ImageTable({ rows, regionID }: { rows: readonly Image[]; regionID: string }) {
  const phone = !useFromBreakpoint('sm')
  // Who provides an image (the filter above says it too) and its age, from the large breakpoint up: below it they took
  // the room the names need.
  const wide = useFromBreakpoint('lg')
  const nameLink = (image: Image, className?: string) => (
    <Anchor
      component={Link}
      to={paths.image(image.metadata.id, { region: regionID })}
      size="sm"
      ff="monospace"
      className={className}
    >
      {image.metadata.name}
    </Anchor>
  )
  if (phone)
    return (
      // Five columns scrolled sideways in a phone's width, their rows one line or two as the drivers wrapped: each
      // image is a row of two lines here, its name above its state and what it is (the drivers without their GPU
      // models, which its page lists), a line too long for the phone cut at its end rather than wrapped.
      <Table aria-label="Images" verticalSpacing="sm" highlightOnHover layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Image</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((image) => {
            const facts = [systemOf(image), sizeOf(image), driversOf(image, { models: false })].filter(Boolean)
            return (
              <Table.Tr key={image.metadata.id}>
                <Table.Td>
                  {nameLink(image, classes.cut)}
                  <div className={classes.facts}>
                    <StatusBadge value={image.status?.state} />
                    <span className={`${cellText('xs', 'dimmed')} ${classes.cut}`}>
                      {facts.join(' · ') || 'No system or size said'}
                    </span>
                  </div>
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    )
  return (
    <TableScroll minWidth={720}>
      <Table aria-label="Images" verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>System</Table.Th>
            <Table.Th>GPU drivers</Table.Th>
            <Table.Th>Size</Table.Th>
            {wide && <Table.Th>Provided by</Table.Th>}
            <Table.Th>State</Table.Th>
            {wide && <Table.Th>Created</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((image) => (
            <Table.Tr key={image.metadata.id}>
              <Table.Td style={NO_WRAP}>{nameLink(image)}</Table.Td>
              <Table.Td style={NO_WRAP}>{systemOf(image) ?? '—'}</Table.Td>
              <Table.Td>{driversOf(image) ?? 'None'}</Table.Td>
              <Table.Td style={NO_WRAP}>{sizeOf(image) ?? '—'}</Table.Td>
              {wide && <Table.Td>{ORIGIN_LABELS[originOf(image)]}</Table.Td>}
              <Table.Td>
                {/* As wide as the badge: a table laid out by its contents gave the column the width of a
                  badge cut to its first letter ("R…" for Ready) at 1024 px. */}
                <div style={{ width: 'max-content' }}>
                  <StatusBadge value={image.status?.state} />
                </div>
              </Table.Td>
              {wide && (
                <Table.Td style={NO_WRAP}>
                  {image.metadata.creationTime ? (
                    <RelativeTime value={image.metadata.creationTime} size="sm" span />
                  ) : (
                    '—'
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  )
}
