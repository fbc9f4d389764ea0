import { FileButton } from '@mantine/core'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Text } from '../../../components/mantine/Text'
import { useState } from 'react'
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { TextareaField } from '../../../components/form/fields'
import { MAX_USER_DATA_BYTES } from '../user-data'

interface UserDataFieldProps<T extends FieldValues> {
  control: Control<T>
  name: FieldPath<T>
  description: string
}

/**
 * Cloud-init user data as text, typed or read from a file. A file that is not UTF-8 text (a gzip archive) is refused
 * with the reason rather than sent garbled; one over the platform's limit is read in and refused by the form's check.
 */
export function UserDataField<T extends FieldValues>({ control, name, description }: UserDataFieldProps<T>) {
  const { field } = useController({ control, name })
  const [fileProblem, setFileProblem] = useState<string>()

  async function read(file: File | null) {
    if (!file) return
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer())
      setFileProblem(undefined)
      field.onChange(text)
    } catch {
      setFileProblem(`${file.name} is not UTF-8 text: the console sends user data typed or uploaded as text.`)
    }
  }

  return (
    <>
      <TextareaField
        control={control}
        name={name}
        label="User data (cloud-init)"
        description={description}
        placeholder={'#cloud-config\npackages:\n  - nginx'}
        minRows={4}
        maxRows={18}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group gap="sm">
        <FileButton onChange={(file) => void read(file)} accept=".yaml,.yml,.sh,.txt,.cfg,text/*">
          {(props) => (
            <Button {...props} variant="default" size="xs">
              Upload a file
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          At most {MAX_USER_DATA_BYTES / 1024} KiB.
        </Text>
      </Group>
      {fileProblem && (
        <Text size="sm" c="red" role="alert">
          {fileProblem}
        </Text>
      )}
    </>
  )
}
