import { FileButton } from '@mantine/core'
import { ActionIcon } from '../../../components/mantine/ActionIcon'
import { Badge } from '../../../components/mantine/Badge'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Paper } from '../../../components/mantine/Paper'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { GrowingTextarea } from '../../../components/GrowingTextarea'
import { LineIcon } from '../../../components/icons'
import { memo, useState } from 'react'
import { EXAMPLE_INPUTS } from '../example-inputs'
import { parseInputFile, parseLines, type InputRow } from '../inputs'
import { formatNumber } from '../../../lib/format'

interface InputsEditorProps {
  inputs: InputRow[]
  onChange: (inputs: InputRow[]) => void
  rowErrors: Map<number, string>
  error?: string
  disabled: boolean
}

// Rows beyond this are kept but not rendered as fields; thousands of inputs come from files, not typing.
const SHOWN = 50

export const InputsEditor = memo(function InputsEditor({
  inputs,
  onChange,
  rowErrors,
  error,
  disabled,
}: InputsEditorProps) {
  const [pasting, setPasting] = useState(false)
  const [pasted, setPasted] = useState('')
  const [fileError, setFileError] = useState<string>()
  const onFile = async (file: File | null) => {
    if (!file) return
    setFileError(undefined)
    const rows = parseInputFile(file.name, await file.text())
    if (rows.length === 0) setFileError(`${file.name} has no inputs: a .txt needs one per line, a .csv a text column.`)
    else onChange([...inputs.filter((row) => row.text.trim() !== ''), ...rows])
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="inputs-title">
      <Group justify="space-between" mb="sm">
        <Text fw={650} id="inputs-title">
          Inputs{' '}
          <Text span c="dimmed" fw={400} size="sm">
            {formatNumber(inputs.length)}
          </Text>
        </Text>
        <Group gap={6}>
          <Button size="compact-sm" variant="subtle" onClick={() => onChange(EXAMPLE_INPUTS)} disabled={disabled}>
            Load example
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => onChange([])}
            disabled={disabled || inputs.length === 0}
          >
            Clear all
          </Button>
        </Group>
      </Group>
      <Stack gap={6}>
        {/* A run disables the rows through the fieldset, so they do not render again when it starts and ends. */}
        <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <InputRows inputs={inputs} onChange={onChange} rowErrors={rowErrors} />
        </fieldset>
        {inputs.length > SHOWN && (
          <Text size="sm" c="dimmed" ta="center" py={4}>
            … and {formatNumber(inputs.length - SHOWN)} more inputs
            {rowErrors.size ? ` (${formatNumber(rowErrors.size)} with problems)` : ''}.
          </Text>
        )}
        {inputs.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="md">
            No inputs yet. Add one, paste lines, upload a file or load the example.
          </Text>
        )}
      </Stack>
      {pasting && (
        <Stack gap={6} mt="sm">
          <GrowingTextarea
            label="Paste lines"
            description="One input per line."
            minRows={4}
            maxRows={12}
            value={pasted}
            onChange={(event) => setPasted(event.currentTarget.value)}
          />
          <Group gap={6}>
            <Button
              size="xs"
              onClick={() => {
                onChange([...inputs.filter((row) => row.text.trim() !== ''), ...parseLines(pasted)])
                setPasted('')
                setPasting(false)
              }}
              disabled={!pasted.trim()}
            >
              Add {formatNumber(parseLines(pasted).length)} inputs
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setPasting(false)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      )}
      {(error || fileError) && (
        <Text size="sm" c="red" mt="sm" role="alert">
          {fileError ?? error}
        </Text>
      )}
      <Group gap={6} mt="sm">
        <Button size="xs" variant="light" onClick={() => onChange([...inputs, { text: '' }])} disabled={disabled}>
          Add input
        </Button>
        <Button size="xs" variant="light" onClick={() => setPasting(true)} disabled={disabled || pasting}>
          Paste lines
        </Button>
        <FileButton onChange={(file) => void onFile(file)} accept=".txt,.csv,text/plain,text/csv">
          {(props) => (
            <Button size="xs" variant="light" {...props} disabled={disabled}>
              Upload .txt or .csv
            </Button>
          )}
        </FileButton>
      </Group>
    </Paper>
  )
})

/** The first SHOWN inputs, each editable; memoised, as a thousand-input set re-renders the page often. */
const InputRows = memo(function InputRows({
  inputs,
  onChange,
  rowErrors,
}: Pick<InputsEditorProps, 'inputs' | 'onChange' | 'rowErrors'>) {
  const set = (i: number, text: string) => onChange(inputs.map((row, k) => (k === i ? { ...row, text } : row)))
  return (
    <Stack gap={6}>
      {inputs.slice(0, SHOWN).map((row, i) => (
        <Group key={i} gap={6} wrap="nowrap" align="flex-start">
          <Text
            size="xs"
            c="dimmed"
            w={28}
            ta="right"
            mt={8}
            style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
          >
            {i + 1}
          </Text>
          {/* A text area that grows with its text: in the narrow column a one-line field cut long inputs off. */}
          <GrowingTextarea
            aria-label={`Input ${i + 1}`}
            minRows={1}
            maxRows={6}
            value={row.text}
            onChange={(event) => set(i, event.currentTarget.value)}
            onPaste={(event) => {
              const text = event.clipboardData.getData('text')
              if (!text.includes('\n')) return
              // Pasting several lines into a row makes one input per line.
              event.preventDefault()
              const lines = parseLines(text)
              onChange([...inputs.slice(0, i), ...(row.text.trim() ? [row] : []), ...lines, ...inputs.slice(i + 1)])
            }}
            error={rowErrors.get(i)}
            flex={1}
            rightSection={
              row.label ? (
                <Badge size="xs" variant="light">
                  {row.label}
                </Badge>
              ) : undefined
            }
            rightSectionWidth={row.label ? Math.min(120, 24 + row.label.length * 7) : undefined}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Remove input ${i + 1}`}
            onClick={() => onChange(inputs.filter((_, k) => k !== i))}
            mt={4}
          >
            <LineIcon>
              <path d="M6 6l12 12M18 6L6 18" />
            </LineIcon>
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  )
})
