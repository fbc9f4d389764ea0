import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import type { Flavor, Image } from '../../api/schemas/regional'
import { FlavorChoice, type FlavorImageForm } from './FlavorChoice'
import { ImageChoice } from './ImageChoice'

const flavor = (name: string, vendor: string, model: string): Flavor => ({
  metadata: { id: name, name },
  spec: {
    cpus: 24,
    memory: 256,
    disk: 3840,
    architecture: 'x86_64',
    gpu: { vendor, model, memory: 80, physicalCount: 1, logicalCount: 1 },
  },
})
const flavors = [flavor('g1.h100.1x', 'NVIDIA', 'H100'), flavor('g1.mi300x.1x', 'AMD', 'MI300X')]
const images: Image[] = [
  {
    metadata: { id: 'rocm', name: 'ubuntu-rocm' },
    spec: { architecture: 'x86_64', gpu: { vendor: 'AMD', models: ['MI300X'] } },
    status: { state: 'ready' },
  },
]

/** Both choices as either instance form composes them: the flavor table, then the image. */
function Choices({ current }: { current?: string }) {
  const form = useForm<FlavorImageForm>({ defaultValues: { flavorId: 'g1.mi300x.1x', imageId: 'rocm' } })
  const flavorId = form.watch('flavorId')
  return (
    <>
      <FlavorChoice form={form} flavors={{ data: flavors, error: null, isPending: false }} images={images} />
      <ImageChoice
        control={form.control}
        images={{ data: images, error: null, isPending: false }}
        flavor={flavors.find((f) => f.metadata.id === flavorId)}
        current={current}
      />
    </>
  )
}

describe('the flavor and image choice', () => {
  // The mark comes right after the name: a long description is what the select cuts off at its end, never the mark.
  it('marks the current image, and clears an image the new flavor cannot run, saying why under it', async () => {
    render(
      <MantineProvider>
        <Choices current="rocm" />
      </MantineProvider>,
    )
    const image = screen.getByRole('combobox', { name: /^Image/ })
    expect((image as HTMLInputElement).value).toBe('ubuntu-rocm (current) — AMD')

    await userEvent.setup().click(screen.getByLabelText('g1.h100.1x'))
    expect((image as HTMLInputElement).value).toBe('')
    expect(
      screen.getByText('ubuntu-rocm does not suit g1.h100.1x: The image carries AMD GPU drivers; the flavor has', {
        exact: false,
      }),
    ).toBeTruthy()
  })
})
