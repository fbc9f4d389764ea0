import { Badge } from '../../../components/mantine/Badge'
import { Text } from '../../../components/mantine/Text'
import type { SecurityGroupRule } from '../../../api/schemas/regional'
import { CutText } from '../../../components/FullText'
import { VirtualTable, type Column } from '../../../components/VirtualTable'
import {
  ANYWHERE,
  describeRule,
  directionName,
  EXPOSURE_TEXT,
  exposureOf,
  formatPorts,
  isAnywhere,
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
  // Pixels that fit each part's longest value ("198.51.100.0/24", the Internet badge), and the sentence takes the
  // rest: shares of the width cut both at 1024 px. Direction and protocol, which the sentence says too, show from lg.
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
      // Cut on a phone, where the parts' columns take the width: whole on hover, focus and a tap.
      cell: ({ rule }) => {
        const sentence = describeRule(rule)
        return (
          <CutText size="sm" text={`${sentence}.`} note={openToWorldWarning(rule)}>
            {sentence}
          </CutText>
        )
      },
    },
    {
      key: 'direction',
      header: 'Direction',
      width: 100,
      visibleFrom: 'lg',
      cell: ({ rule }) => <Text size="sm">{directionName(rule.direction)}</Text>,
    },
    {
      key: 'protocol',
      header: 'Protocol',
      width: 100,
      visibleFrom: 'lg',
      cell: ({ rule }) => <Text size="sm">{protocolName(rule.protocol)}</Text>,
    },
    {
      key: 'ports',
      header: 'Ports',
      width: 110,
      cell: ({ rule }) => (
        <Text size="sm" style={numeric}>
          {formatPorts(rule) || '—'}
        </Text>
      ),
    },
    {
      key: 'range',
      header: 'Address range',
      width: 170,
      cell: ({ rule }) => (
        <Text size="sm" ff="monospace">
          {isAnywhere(rule.cidr) ? ANYWHERE : rule.cidr}
        </Text>
      ),
    },
    {
      key: 'exposure',
      header: 'Exposure',
      width: 130,
      cell: ({ rule }) => {
        const exposure = exposureOf(rule)
        const { label, title } = EXPOSURE_TEXT[exposure]
        return (
          <Badge
            title={title}
            color={exposure === 'internet' ? 'amber' : exposure === 'internet-web' ? 'iris' : 'gray'}
            variant={exposure === 'internet' ? 'filled' : 'light'}
            autoContrast
          >
            {label}
          </Badge>
        )
      },
    },
  ]
  return (
    <VirtualTable label="Rules" rows={rows} columns={columns} rowKey={({ number }) => String(number)} rowHeight={44} />
  )
}
