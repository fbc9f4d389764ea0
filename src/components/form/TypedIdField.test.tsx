import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { useForm } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import { TypedIdField } from './TypedIdField'

function IdForm(props: { noun: string; plural?: string; which?: string }) {
  const form = useForm<{ id: string }>({ defaultValues: { id: '' } })
  return <TypedIdField control={form.control} name="id" {...props} />
}

function renderField(props: { noun: string; plural?: string; which?: string }) {
  render(
    <MantineProvider>
      <IdForm {...props} />
    </MantineProvider>,
  )
}

describe('an id typed where the platform offers no list', () => {
  it('is named for what it identifies and says why there is no list', () => {
    renderField({ noun: 'network' })
    const input = screen.getByRole('textbox', { name: /^Network id/ })
    expect(screen.getByText('This platform cannot list networks; enter the id.')).toBeTruthy()
    // Required like the choice it stands for; an id is not a word to correct or complete.
    expect(input.closest('.mantine-InputWrapper-root')?.textContent).toContain('*')
    expect(input.getAttribute('spellcheck')).toBe('false')
    expect(input.getAttribute('autocomplete')).toBe('off')
  })

  it('takes an irregular plural and says which one to enter', () => {
    renderField({ noun: 'storage class', plural: 'storage classes', which: 'of one in the region' })
    expect(screen.getByRole('textbox', { name: /^Storage class id/ })).toBeTruthy()
    expect(
      screen.getByText('This platform cannot list storage classes; enter the id of one in the region.'),
    ).toBeTruthy()
  })
})
