import { ActionIcon } from '../../../components/mantine/ActionIcon'
import { Alert } from '../../../components/mantine/Alert'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Paper } from '../../../components/mantine/Paper'
import { SimpleGrid } from '../../../components/mantine/SimpleGrid'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { TextInput } from '../../../components/mantine/TextInput'
import {
  useFieldArray,
  useFormState,
  useWatch,
  type ArrayPath,
  type Control,
  type FieldArray,
  type Path,
} from 'react-hook-form'
import { SelectField, SwitchField, TextField } from '../../../components/form/fields'
import { keepFocus } from '../../../components/form/keep-focus'
import { RowsEditor } from '../../../components/form/RowsEditor'
import { HEALTH_SETTINGS, newListenerRow, type ListenerRow } from '../listener-rows'

// The create and edit forms share this editor; their listeners have the same shape in both.
interface ListenersForm {
  publicIP: boolean
  listeners: ListenerRow[]
}

const PROTOCOLS = [
  { value: 'tcp', label: 'TCP' },
  { value: 'udp', label: 'UDP' },
]

const mono = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } }

/**
 * Listeners as cards: each a name, protocol and port, who may connect, and its pool: the members it sends to, Proxy
 * Protocol v2, and a health check. Every field says what is wrong with it as the platform would, before sending.
 */
export function ListenersEditor<T extends ListenersForm>({ control }: { control: Control<T> }) {
  const typed = control as unknown as Control<ListenersForm>
  const { fields, append, remove } = useFieldArray({ control: typed, name: 'listeners' as ArrayPath<ListenersForm> })
  const watched = useWatch({ control: typed, name: 'listeners' })
  const publicIP = useWatch({ control: typed, name: 'publicIP' })
  const { errors } = useFormState({ control: typed, name: 'listeners' })
  const whole = errors.listeners?.root?.message ?? errors.listeners?.message
  return (
    <Stack gap="sm" role="group" aria-labelledby="listeners-label">
      <div>
        <Text id="listeners-label" size="sm" fw="var(--mantine-font-weight-medium)">
          Listeners
        </Text>
        <Text size="xs" c="dimmed">
          Each listener takes TCP or UDP traffic on one port of the load balancer and spreads it over its pool's
          members.
        </Text>
      </div>
      {whole && (
        <Text size="sm" c="red" role="alert">
          {whole}
        </Text>
      )}
      {fields.map((field, index) => (
        <ListenerCard
          key={field.id}
          control={typed}
          index={index}
          row={watched?.[index] ?? (field as unknown as ListenerRow)}
          publicIP={publicIP}
          onRemove={fields.length > 1 ? () => remove(index) : undefined}
        />
      ))}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        {...keepFocus}
        onClick={() =>
          append(newListenerRow(fields.length) as FieldArray<ListenersForm, 'listeners'>, {
            focusName: `listeners.${fields.length}.name`,
          })
        }
      >
        Add listener
      </Button>
    </Stack>
  )
}

function ListenerCard({
  control,
  index,
  row,
  publicIP,
  onRemove,
}: {
  control: Control<ListenersForm>
  index: number
  row: ListenerRow
  publicIP: boolean
  onRemove?: () => void
}) {
  const n = index + 1
  const at = (field: string) => `listeners.${index}.${field}` as Path<ListenersForm>
  const rows = (field: string) => `listeners.${index}.${field}` as ArrayPath<ListenersForm>
  const open = row.allowedCidrs.length === 0 || row.allowedCidrs.some(({ cidr }) => cidr.trim() === '0.0.0.0/0')
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={`Listener ${n}`}>
      <Stack gap="sm">
        <Group gap="xs" align="flex-start" wrap="wrap">
          <TextField
            control={control}
            name={at('name')}
            label="Listener name"
            placeholder="e.g. https"
            withAsterisk
            w={170}
            spellCheck={false}
            autoComplete="off"
          />
          <SelectField
            control={control}
            name={at('protocol')}
            label="Protocol"
            data={PROTOCOLS}
            allowDeselect={false}
            w={100}
          />
          <TextField
            control={control}
            name={at('port')}
            label="Port"
            placeholder="1–65535"
            withAsterisk
            inputMode="numeric"
            autoComplete="off"
            w={110}
          />
          {row.protocol === 'tcp' ? (
            <TextField
              control={control}
              name={at('idleTimeout')}
              label="Idle timeout (s)"
              placeholder="60"
              inputMode="numeric"
              autoComplete="off"
              w={140}
            />
          ) : (
            <TextInput label="Idle timeout (s)" value="" placeholder="not for UDP" disabled w={140} />
          )}
          {onRemove && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              mt={24}
              ml="auto"
              {...keepFocus}
              onClick={onRemove}
              aria-label={`Remove listener ${n}`}
            >
              ×
            </ActionIcon>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
          <RowsEditor
            control={control}
            name={rows('members')}
            label="Pool members"
            description="The addresses and ports the listener sends connections to."
            empty="No members: connections have nowhere to go until one is added."
            row="member"
            inputs={[
              {
                field: 'address',
                heading: 'Address',
                label: (m) => `Listener ${n} member ${m} address`,
                placeholder: 'e.g. 10.0.0.10',
              },
              {
                field: 'port',
                heading: 'Port',
                label: (m) => `Listener ${n} member ${m} port`,
                placeholder: 'e.g. 8080',
              },
            ]}
          />
          <RowsEditor
            control={control}
            name={rows('allowedCidrs')}
            label="Allowed sources"
            description="IPv4 CIDR blocks that may connect."
            empty="None listed: every source address may connect."
            row="source"
            inputs={[
              {
                field: 'cidr',
                heading: 'CIDR',
                label: (m) => `Listener ${n} allowed source ${m}`,
                placeholder: 'e.g. 203.0.113.0/24',
              },
            ]}
          />
        </SimpleGrid>
        {open && publicIP && (
          <Alert color="amber" variant="light" p={6} role="note">
            <Text size="xs">
              Open to the whole internet on the public IP: list the sources that may connect to narrow it.
            </Text>
          </Alert>
        )}
        <Group gap="xl" wrap="wrap">
          <SwitchField
            control={control}
            name={at('proxyProtocolV2')}
            label="Proxy Protocol v2"
            description="Members receive each client's address in a PROXY header."
          />
          <SwitchField
            control={control}
            name={at('healthCheck')}
            label="Health check"
            description="Members that fail it receive no connections until they pass again."
          />
        </Group>
        {row.healthCheck && (
          <Group gap="xs" align="flex-start" wrap="wrap" role="group" aria-label={`Listener ${n} health check`}>
            {HEALTH_SETTINGS.map((setting) => (
              <TextField
                key={setting.field}
                control={control}
                name={at(setting.field)}
                label={setting.label}
                description={
                  setting.field === 'healthy' || setting.field === 'unhealthy'
                    ? `checks in a row, ${setting.min}–${setting.max}`
                    : `${setting.min}–${setting.max}`
                }
                inputMode="numeric"
                autoComplete="off"
                w={130}
                styles={mono}
              />
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  )
}
