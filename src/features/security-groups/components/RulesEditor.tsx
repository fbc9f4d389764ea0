import type { TextInputProps } from '@mantine/core'
import { ActionIcon } from '../../../components/mantine/ActionIcon'
import { Alert } from '../../../components/mantine/Alert'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Input } from '../../../components/mantine/Input'
import { Paper } from '../../../components/mantine/Paper'
import { SegmentedControl } from '../../../components/mantine/SegmentedControl'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { TextInput } from '../../../components/mantine/TextInput'
import {
  useController,
  useFieldArray,
  useWatch,
  type ArrayPath,
  type Control,
  type FieldArray,
  type Path,
} from 'react-hook-form'
import { SelectField } from '../../../components/form/fields'
import { ANYWHERE, describeRule, openToWorldWarning, RULE_PRESETS, takesPorts, type RuleShape } from '../rules'
import { duplicateRows, newRuleRow, rowOfRule, ruleOfRow, type RuleRow } from '../security-group-form'
import { keepFocus } from '../../../components/form/keep-focus'
import { useSteadyWhilePressed } from '../../../lib/use-steady-while-pressed'

// The create and edit forms share this editor; their rules have the same shape in both.
interface RulesForm {
  rules: RuleRow[]
}

const DIRECTIONS = [
  { value: 'ingress', label: 'Inbound' },
  { value: 'egress', label: 'Outbound' },
]
const PROTOCOLS = [
  { value: 'any', label: 'Any protocol' },
  { value: 'tcp', label: 'TCP' },
  { value: 'udp', label: 'UDP' },
  { value: 'icmp', label: 'ICMP' },
  { value: 'vrrp', label: 'VRRP' },
]

/**
 * Rules as rows: direction, protocol, ports (only where the protocol has them), and the address range as an explicit
 * choice between anywhere and a CIDR block. Under each row, the rule as a sentence, and what is wrong or risky with it,
 * worked out from the current input as the user types. A rule's controls wrap within its card, so each card carries
 * its own column headings: a heading row above the cards would not stay over its column once they wrap.
 */
export function RulesEditor<T extends RulesForm>({ control }: { control: Control<T> }) {
  const typed = control as unknown as Control<RulesForm>
  const { fields, append, remove } = useFieldArray({ control: typed, name: 'rules' as ArrayPath<RulesForm> })
  const watched = useWatch({ control: typed, name: 'rules' })
  // Right after an append the watched values lag the field list by one render; the new row's own values fill in.
  const rows: RuleRow[] = fields.map((field, index) => watched?.[index] ?? field)
  const rules = rows.map(ruleOfRow)
  const duplicates = duplicateRows(rows)
  const addRules = (added: readonly RuleShape[]) => append(added.map(rowOfRule) as FieldArray<RulesForm, 'rules'>[])

  return (
    <Stack gap="sm" role="group" aria-labelledby="rules-label">
      <div>
        <Text id="rules-label" size="sm" fw="var(--mantine-font-weight-medium)">
          Rules
        </Text>
        <Text size="xs" c="dimmed">
          Each rule allows traffic; anything no rule allows is blocked. Ports apply to TCP and UDP only.
        </Text>
      </div>
      <Group gap="xs" role="group" aria-label="Presets">
        <Text size="xs" c="dimmed">
          Add a preset:
        </Text>
        {RULE_PRESETS.map((preset) => (
          <Button
            key={preset.id}
            variant="default"
            size="compact-sm"
            title={preset.description}
            {...keepFocus}
            onClick={() => addRules(preset.rules)}
          >
            {preset.label}
          </Button>
        ))}
      </Group>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          No rules yet. Add a preset or a rule.
        </Text>
      )}
      {fields.map((field, index) => {
        const row = rows[index]!
        const rule = rules[index]!
        const duplicateOf = duplicates[index]
        const warning = openToWorldWarning(rule)
        return (
          <Paper key={field.id} withBorder p="sm" radius="md" role="group" aria-label={`Rule ${index + 1}`}>
            <Group gap="xs" align="flex-start" wrap="wrap">
              <SelectField
                control={typed}
                name={`rules.${index}.direction`}
                label="Direction"
                data={DIRECTIONS}
                allowDeselect={false}
                w={120}
              />
              <SelectField
                control={typed}
                name={`rules.${index}.protocol`}
                label="Protocol"
                data={PROTOCOLS}
                allowDeselect={false}
                w={140}
              />
              {takesPorts(row.protocol) ? (
                <RuleTextField
                  control={typed}
                  name={`rules.${index}.ports`}
                  label="Ports"
                  placeholder="all, 22 or 8000-8080"
                  w={170}
                  spellCheck={false}
                  autoComplete="off"
                />
              ) : (
                <TextInput label="Ports" value="" placeholder="no ports" disabled w={170} />
              )}
              <SourceField control={typed} name={`rules.${index}.source`} direction={row.direction} />
              {row.source === 'cidr' ? (
                <RuleTextField
                  control={typed}
                  name={`rules.${index}.cidr`}
                  label="CIDR"
                  placeholder="e.g. 10.0.0.0/8"
                  style={{ flex: 1 }}
                  miw={150}
                  spellCheck={false}
                  autoComplete="off"
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
              ) : (
                <div style={{ flex: 1, minWidth: 150 }}>
                  <ColumnHeading>CIDR</ColumnHeading>
                  <Text size="sm" ff="monospace" pt={6}>
                    {ANYWHERE}
                  </Text>
                </div>
              )}
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                mt={24}
                {...keepFocus}
                onClick={() => remove(index)}
                aria-label={`Remove rule ${index + 1}`}
              >
                ×
              </ActionIcon>
            </Group>
            <Text size="xs" mt={6}>
              {describeRule(rule)}
            </Text>
            {duplicateOf !== undefined && (
              <Alert color="red" variant="light" p={6} mt={6} role="note">
                <Text size="xs">Duplicate of rule {duplicateOf + 1}: remove one of them.</Text>
              </Alert>
            )}
            {warning && (
              <Alert color="amber" variant="light" p={6} mt={6} role="note">
                <Text size="xs">{warning}</Text>
              </Alert>
            )}
          </Paper>
        )
      })}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        {...keepFocus}
        onClick={() =>
          append(newRuleRow() as FieldArray<RulesForm, 'rules'>, { focusName: `rules.${fields.length}.direction` })
        }
      >
        Add rule
      </Button>
    </Stack>
  )
}

/**
 * A rule's typed value (ports, CIDR), whose error shows once the field is left or the form sent, as in the other row
 * editors: react-hook-form checks the whole list after a row is added, which marked the new row's empty CIDR wrong
 * before anything was typed. A refusal from the platform shows at once.
 */
function RuleTextField({
  control,
  name,
  ...props
}: { control: Control<RulesForm>; name: Path<RulesForm> } & Omit<
  TextInputProps,
  'value' | 'onChange' | 'name' | 'error'
>) {
  const { field, fieldState, formState } = useController({ control, name })
  const shown = fieldState.isTouched || formState.isSubmitted || fieldState.error?.type === 'server'
  return (
    <TextInput
      {...props}
      {...field}
      value={String(field.value ?? '')}
      error={useSteadyWhilePressed(shown ? fieldState.error?.message : undefined)}
    />
  )
}

/** Anywhere or a CIDR block, as a choice of its own, so "no range" never silently means the whole internet. */
function SourceField({
  control,
  name,
  direction,
}: {
  control: Control<RulesForm>
  name: Path<RulesForm>
  direction: string
}) {
  const { field } = useController({ control, name })
  const heading = direction === 'egress' ? 'Destination' : 'Source'
  return (
    <div>
      <ColumnHeading>{heading}</ColumnHeading>
      <SegmentedControl
        aria-label={heading}
        value={String(field.value)}
        onChange={field.onChange}
        data={[
          { value: 'anywhere', label: 'Anywhere' },
          { value: 'cidr', label: 'CIDR block' },
        ]}
      />
    </div>
  )
}

/**
 * A heading over a rule's control that is no labelled input, in the look of the inputs' labels beside it. The control
 * names itself; the heading is for the eye.
 */
function ColumnHeading({ children }: { children: string }) {
  return (
    <Input.Label labelElement="div" display="block" aria-hidden>
      {children}
    </Input.Label>
  )
}
