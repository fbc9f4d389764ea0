import { Badge, Text } from '@mantine/core'
import type { SecurityGroupRule } from '../../../api/schemas/regional'
import { VirtualTable, type Column } from '../../../components/VirtualTable'
import {
  ANYWHERE,
  describeRule,
  directionName,
  formatPorts,
  isAnywhere,
  isOpenToWorld,
  openToWorldWarning,
  protocolName,
} from '../rules'

export interface NumberedRule {
  /** The rule's position in the group, from 1, kept when the table is filtered. */
  number: number
  rule: SecurityGroupRule
}

const numeric = { fontVariantNumeric: 'tabular-nums' } as const

/** A group's rules as sentences with their parts beside them; virtualised, so thousands of rules scroll smoothly. */
export function RulesTable({ rows }: { rows: NumberedRule[] }) {
  const columns: Column<NumberedRule>[] = [
    {
      key: 'number',
      header: '#',
      width: 56,
      cell: ({ number }) => (
        <Text size="sm" c="dimmed" style={numeric}>
          {number}
        </Text>
      ),
    },
    {
      key: 'rule',
      header: 'Rule',
      width: '40%',
      cell: ({ rule }) => (
        <Text size="sm" truncate="end" title={openToWorldWarning(rule)}>
          {describeRule(rule)}
        </Text>
      ),
    },
    {
      key: 'direction',
      header: 'Direction',
      width: '11%',
      visibleFrom: 'md',
      cell: ({ rule }) => <Text size="sm">{directionName(rule.direction)}</Text>,
    },
    {
      key: 'protocol',
      header: 'Protocol',
      width: '11%',
      visibleFrom: 'md',
      cell: ({ rule }) => <Text size="sm">{protocolName(rule.protocol)}</Text>,
    },
    {
      key: 'ports',
      header: 'Ports',
      width: '11%',
      cell: ({ rule }) => (
        <Text size="sm" style={numeric}>
          {formatPorts(rule) || '—'}
        </Text>
      ),
    },
    {
      key: 'range',
      header: 'Address range',
      width: '15%',
      cell: ({ rule }) => (
        <Text size="sm" ff="monospace">
          {isAnywhere(rule.cidr) ? ANYWHERE : rule.cidr}
        </Text>
      ),
    },
    {
      key: 'exposure',
      header: 'Exposure',
      width: '12%',
      cell: ({ rule }) =>
        isOpenToWorld(rule) ? (
          <Badge color="yellow" variant="filled" autoContrast>
            Internet
          </Badge>
        ) : null,
    },
  ]
  return (
    <VirtualTable label="Rules" rows={rows} columns={columns} rowKey={({ number }) => String(number)} rowHeight={44} />
  )
}
