import { useFieldArray, type ArrayPath, type Control, type FieldValues, type Path } from 'react-hook-form'
import { TextareaField, TextField } from '../../../components/form/fields'
import { FormSection } from '../../../components/form/FormPage'
import { keepFocus } from '../../../components/form/keep-focus'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Paper } from '../../../components/mantine/Paper'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { POLICY_TEMPLATE, type PolicyRow } from '../object-storage-form'

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }

/**
 * The endpoint's identity policies, each a name and a JSON document typed as text: the form checks each document
 * parses to an object, and each name is unique, at the field. A new policy starts from a read-only template.
 */
export function PolicyEditor<T extends FieldValues & { policies: PolicyRow[] }>({
  control,
  replaces,
}: {
  control: Control<T>
  /** An edit: what is saved replaces the whole set. */
  replaces?: boolean
}) {
  const name = 'policies' as ArrayPath<T>
  const { fields, append, remove } = useFieldArray({ control, name })
  return (
    <FormSection title="Identity policies">
      <Text size="sm" c="dimmed">
        {replaces
          ? 'Saving replaces the endpoint’s whole set of policies with these. A policy an access key is bound to cannot be removed while the key exists.'
          : 'Each access key is bound to one of these by name. Documents are S3 IAM policies, in JSON.'}
      </Text>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          No identity policies: access keys need one.
        </Text>
      )}
      {fields.map((field, index) => (
        <Paper key={field.id} withBorder p="sm" radius="md" role="group" aria-label={`Policy ${index + 1}`}>
          <Stack gap="xs">
            <Group align="flex-end" wrap="nowrap">
              <TextField
                control={control}
                name={`policies.${index}.name` as Path<T>}
                label={`Policy ${index + 1} name`}
                placeholder="e.g. bucket-admin"
                withAsterisk
                style={{ flex: 1 }}
              />
              <Button variant="subtle" color="red" {...keepFocus} onClick={() => remove(index)}>
                {`Remove policy ${index + 1}`}
              </Button>
            </Group>
            <TextareaField
              control={control}
              name={`policies.${index}.document` as Path<T>}
              label={`Policy ${index + 1} document (JSON)`}
              withAsterisk
              minRows={6}
              spellCheck={false}
              autoComplete="off"
              styles={MONOSPACE}
            />
          </Stack>
        </Paper>
      ))}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        {...keepFocus}
        onClick={() => append({ name: '', document: POLICY_TEMPLATE } as never)}
      >
        Add identity policy
      </Button>
    </FormSection>
  )
}
