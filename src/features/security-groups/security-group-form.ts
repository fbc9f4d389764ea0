import { z } from 'zod/mini'
import { securityGroupApi } from '../../api/securityGroups'
import {
  RULE_DIRECTIONS,
  RULE_PROTOCOLS,
  type SecurityGroup,
  type SecurityGroupCreate,
  type SecurityGroupRuleWrite,
  type SecurityGroupUpdate,
} from '../../api/schemas/regional'
import { parseCidr } from '../../lib/cidr'
import type { Path } from 'react-hook-form'
import {
  keptRows,
  metadataDefaults,
  metadataOf,
  pathsOf,
  type RowPaths,
  type Wire,
  formWrite,
} from '../../lib/form-wire'
import { metadataFields } from '../../lib/validation'
import { ANYWHERE, findDuplicates, isAnywhere, parsePorts, portsText, takesPorts, type RuleShape } from './rules'

// The security group form as the user edits it: each rule a row with its ports as one text ("8000-8080") and its
// range as an explicit choice between anywhere and a CIDR block. onSubmit maps the rows to the API's rules.

const RULE_SOURCES = ['anywhere', 'cidr'] as const

const ruleRow = z.object({
  direction: z.enum(RULE_DIRECTIONS),
  protocol: z.enum(RULE_PROTOCOLS),
  ports: z.string(),
  source: z.enum(RULE_SOURCES),
  cidr: z.string(),
})

export type RuleRow = z.input<typeof ruleRow>

const rules = z.array(ruleRow).check(
  z.superRefine((rows, ctx) => {
    rows.forEach((row, index) => {
      if (takesPorts(row.protocol)) {
        const ports = parsePorts(row.ports)
        if (!ports.ok) ctx.addIssue({ code: 'custom', path: [index, 'ports'], message: ports.reason })
      }
      if (row.source === 'cidr') {
        const block = parseCidr(row.cidr)
        if (!block.ok)
          ctx.addIssue({
            code: 'custom',
            path: [index, 'cidr'],
            message: block.suggestion ? `${block.reason} Use ${block.suggestion}.` : block.reason,
          })
      }
    })
    // The editor shows duplicates as the user types (from duplicateRows); this only stops the submit.
    duplicateRows(rows).forEach((first, index) => {
      if (first !== undefined)
        ctx.addIssue({ code: 'custom', path: [index, 'duplicate'], message: `The same as rule ${first + 1}.` })
    })
  }),
)

export const securityGroupCreateForm = z.object({
  ...metadataFields,
  networkId: z.string().check(z.minLength(1, 'Choose the network this group belongs to.')),
  rules,
})
export type SecurityGroupCreateValues = z.input<typeof securityGroupCreateForm>

export const securityGroupUpdateForm = z.object({ ...metadataFields, rules })
export type SecurityGroupUpdateValues = z.input<typeof securityGroupUpdateForm>

/**
 * A row as a rule, for the sentence and the warning while the user types. Ports that do not parse yet are left out,
 * and a CIDR block not typed yet reads as "…", never as anywhere, so a half-typed row still reads truthfully.
 */
export function ruleOfRow(row: RuleRow): RuleShape {
  const ports = takesPorts(row.protocol) ? parsePorts(row.ports) : undefined
  const parsed = row.source === 'cidr' ? parseCidr(row.cidr) : undefined
  return {
    direction: row.direction,
    protocol: row.protocol,
    ...(ports?.ok && ports.port !== undefined ? { port: ports.port } : {}),
    ...(ports?.ok && ports.portMax !== undefined ? { portMax: ports.portMax } : {}),
    cidr: row.source === 'anywhere' ? ANYWHERE : parsed?.ok ? parsed.text : row.cidr.trim() || '…',
  }
}

/** Whether every field of the row is valid, so it can be compared with the others. */
function isCompleteRow(row: RuleRow): boolean {
  return (
    (!takesPorts(row.protocol) || parsePorts(row.ports).ok) && (row.source === 'anywhere' || parseCidr(row.cidr).ok)
  )
}

/** For each row, the index of an earlier identical row; rows still being typed are not compared. */
export function duplicateRows(rows: readonly RuleRow[]): (number | undefined)[] {
  const complete = rows.flatMap((row, index) => (isCompleteRow(row) ? [{ index, rule: ruleOfRow(row) }] : []))
  const firsts = findDuplicates(complete.map((entry) => entry.rule))
  const result: (number | undefined)[] = rows.map(() => undefined)
  firsts.forEach((first, i) => {
    if (first !== undefined) result[complete[i]!.index] = complete[first]!.index
  })
  return result
}

/** A rule (from the API or a preset) as an editor row; a range covering every address becomes "anywhere". */
export function rowOfRule(rule: RuleShape): RuleRow {
  const known = <T extends string>(values: readonly T[], value: string, fallback: T) =>
    values.includes(value as T) ? (value as T) : fallback
  return {
    direction: known(RULE_DIRECTIONS, rule.direction, 'ingress'),
    protocol: known(RULE_PROTOCOLS, rule.protocol, 'any'),
    ports: takesPorts(rule.protocol) ? portsText(rule) : '',
    source: isAnywhere(rule.cidr) ? 'anywhere' : 'cidr',
    cidr: isAnywhere(rule.cidr) ? '' : rule.cidr!,
  }
}

export const newRuleRow = (): RuleRow => ({
  direction: 'ingress',
  protocol: 'tcp',
  ports: '',
  source: 'cidr',
  cidr: '',
})

/** The rule as sent. Anywhere is sent as 0.0.0.0/0 rather than left out, so the request says what it means. */
function ruleWrite(row: RuleRow): SecurityGroupRuleWrite {
  const { port, portMax } = ruleOfRow(row)
  const parsed = parseCidr(row.cidr)
  const cidr = row.source === 'anywhere' ? ANYWHERE : parsed.ok ? parsed.text : row.cidr.trim()
  return {
    direction: row.direction,
    protocol: row.protocol,
    ...(port !== undefined ? { port } : {}),
    ...(portMax !== undefined ? { portMax } : {}),
    cidr,
  }
}

// Every rule row is sent (none is blank), so a sent rule's index is its row's.
const RULE_COLUMNS: Record<string, keyof RuleRow> = {
  direction: 'direction',
  protocol: 'protocol',
  port: 'ports',
  portMax: 'ports',
  cidr: 'cidr',
  prefix: 'cidr',
}

function rulesOf<V extends SecurityGroupCreateValues | SecurityGroupUpdateValues>(rows: RuleRow[]) {
  const kept = keptRows(rows, () => false)
  const paths: RowPaths<V> = {
    at: ['spec', 'rules'],
    formRow: kept.formRow,
    field: (row, column) => {
      const field = column === undefined ? undefined : RULE_COLUMNS[column]
      return field ? (`rules.${row}.${field}` as Path<V>) : undefined
    },
  }
  return { rules: kept.rows.map(ruleWrite), paths }
}

export function toCreateWire(values: SecurityGroupCreateValues): Wire<SecurityGroupCreate, SecurityGroupCreateValues> {
  const { metadata, fields, tagPaths } = metadataOf<SecurityGroupCreateValues>(values)
  const { rules, paths } = rulesOf<SecurityGroupCreateValues>(values.rules)
  return {
    body: { metadata, spec: { networkId: values.networkId, rules } },
    pathOf: pathsOf({ ...fields, 'spec.networkId': 'networkId' }, [paths, tagPaths]),
  }
}

/** An empty create form, in the network a link named (or none). */
export function createDefaults(networkId: string | null): SecurityGroupCreateValues {
  return { name: '', description: '', tags: [], networkId: networkId ?? '', rules: [] }
}

/** The create form's write. */
export const securityGroupCreate = formWrite({
  schema: securityGroupCreateForm,
  endpoint: securityGroupApi.create,
  wire: toCreateWire,
})

export function toUpdateWire(values: SecurityGroupUpdateValues): Wire<SecurityGroupUpdate, SecurityGroupUpdateValues> {
  const { metadata, fields, tagPaths } = metadataOf<SecurityGroupUpdateValues>(values)
  const { rules, paths } = rulesOf<SecurityGroupUpdateValues>(values.rules)
  return { body: { metadata, spec: { rules } }, pathOf: pathsOf(fields, [paths, tagPaths]) }
}

export function updateDefaults(group: SecurityGroup): SecurityGroupUpdateValues {
  return {
    ...metadataDefaults(group.metadata),
    rules: group.spec.rules.map(rowOfRule),
  }
}
