import { Paper } from '../mantine/Paper'
import { Stack } from '../mantine/Stack'
import { Title } from '../mantine/Title'
import { useDeferredValue, useId, type ComponentProps, type ReactNode } from 'react'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { PageHeader } from '../PageHeader'
import { TextareaField, TextField } from './fields'
import { FormShell } from './FormShell'
import { createLabel, singular, type Resource } from '../../lib/resources'

type ShellProps = Omit<ComponentProps<typeof FormShell>, 'submitLabel'>
/** A create form names itself as its list's create button does ("Create network", "Add user"); others say it. */
type Words = { creates: Resource } | { title: ReactNode; submitLabel: string }
type FormPageProps = ShellProps & Words & { description: string }

/** A create or edit page: its heading, then the form beside the request it sends. */
export function FormPage({ description, ...props }: FormPageProps) {
  const { title, ...shell } = 'creates' in props ? createWords(props) : { lost: EDIT_LOST, ...props }
  // The header paints in the page's first commit, the form in the render after it: rendered in one task, the form's
  // fields held the heading and its sentence back for as long as they took to render, on a slow phone most of it.
  const formShown = useDeferredValue(true, false)
  return (
    <>
      <PageHeader title={title} description={description} />
      {formShown && <FormShell {...shell} />}
    </>
  )
}

const EDIT_LOST = 'Your changes are not saved, and what you changed in this form is lost.'

function createWords({ creates, ...shell }: ShellProps & { creates: Resource }) {
  const label = createLabel(creates)
  const lost = `The ${singular(creates)} is not created, and what you typed in this form is lost.`
  return { ...shell, title: label, submitLabel: label, lost }
}

interface FormSectionProps {
  children: ReactNode
  gap?: 'md' | 'lg'
  /** A heading, e.g. "2. Flavor and image": the group becomes a section named by it. */
  title?: string
}

/** One bordered group of a form's fields. */
export function FormSection({ children, gap = 'md', title }: FormSectionProps) {
  const titleId = useId()
  const fields = <Stack gap={gap}>{children}</Stack>
  if (!title)
    return (
      <Paper withBorder p="lg" radius="md">
        {fields}
      </Paper>
    )
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Title id={titleId} order={2} size="h4" mb="sm">
        {title}
      </Title>
      {fields}
    </Paper>
  )
}

/**
 * The name and description every resource has; a create form says what a name may hold, and may say what the
 * description is for.
 */
export function NameFields<T extends FieldValues & { name: string; description?: string }>({
  control,
  nameHint,
  descriptionHint,
}: {
  control: Control<T>
  nameHint?: string
  descriptionHint?: string
}) {
  // Both are bound alike: the form field of that name, its label, and the hint a create form gives.
  const bound = (name: 'name' | 'description', label: string, description: string | undefined) => ({
    control,
    name: name as FieldPath<T>,
    label,
    description,
  })
  return (
    <>
      <TextField {...bound('name', 'Name', nameHint)} withAsterisk autoComplete="off" />
      <TextareaField {...bound('description', 'Description', descriptionHint)} minRows={2} />
    </>
  )
}

/** What a create form says about names, as the platform checks them. */
export const NAME_HINT = "Letters, digits, '-', '_' and '.'; up to 63 characters."
