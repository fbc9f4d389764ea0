import { MantineProvider } from '@mantine/core'
import { render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import { TagsField } from './TagsField'

function TagsForm() {
  const form = useForm<{ tags: { name: string; value: string }[] }>({ defaultValues: { tags: [] } })
  return <TagsField control={form.control} name="tags" />
}

describe('a row editor', () => {
  it('keeps its column headings over filled rows, and each input names its row and column', async () => {
    render(
      <MantineProvider>
        <TagsForm />
      </MantineProvider>,
    )
    const tags = screen.getByRole('group', { name: 'Tags' })
    // Empty: the sentence saying so, no headings over nothing.
    expect(within(tags).getByText(/^No tags\./)).toBeTruthy()
    expect(within(tags).queryByText('Name')).toBeNull()

    const user = userEvent.setup()
    await user.click(within(tags).getByRole('button', { name: 'Add tag' }))
    await user.click(within(tags).getByRole('button', { name: 'Add tag' }))
    await user.type(within(tags).getByRole('textbox', { name: 'Tag 1 name' }), 'env')
    await user.type(within(tags).getByRole('textbox', { name: 'Tag 1 value' }), 'prod')
    await user.type(within(tags).getByRole('textbox', { name: 'Tag 2 name' }), 'team')

    // Once typed in, an input shows its value rather than its placeholder: the headings say what each column is.
    expect(within(tags).getByText('Name')).toBeTruthy()
    expect(within(tags).getByText('Value')).toBeTruthy()
    expect(within(tags).getByRole('textbox', { name: 'Tag 2 value' })).toBeTruthy()
    expect(within(tags).getByRole('button', { name: 'Remove tag 2' })).toBeTruthy()
  })
})
