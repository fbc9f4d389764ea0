import { Radio } from '../../../components/mantine/Radio'
import { Stack } from '../../../components/mantine/Stack'
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form'
import { USER_STATES } from '../../../api/schemas/identity'
import { STATE_HELP } from '../user-states'
import { useSteadyWhilePressed } from '../../../lib/use-steady-while-pressed'

/** The user's state as three described choices: what each means matters more than its name. */
export function StateField<T extends FieldValues & { state: string }>({ control }: { control: Control<T> }) {
  const { field, fieldState } = useController({ control, name: 'state' as Path<T> })
  return (
    <Radio.Group
      label="State"
      withAsterisk
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      error={useSteadyWhilePressed(fieldState.error?.message)}
    >
      <Stack gap="xs" mt={6}>
        {USER_STATES.map((state) => (
          <Radio
            key={state}
            value={state}
            label={state[0]!.toUpperCase() + state.slice(1)}
            description={STATE_HELP[state]}
            onBlur={field.onBlur}
          />
        ))}
      </Stack>
    </Radio.Group>
  )
}
