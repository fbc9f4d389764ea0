import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { SwitchField } from '../../../components/form/fields'

/** NFS root squash, with the one line that says what it changes. */
export function RootSquashField<T extends FieldValues>({ control, name }: { control: Control<T>; name: FieldPath<T> }) {
  return (
    <SwitchField
      control={control}
      name={name}
      label="NFS root squash"
      description="On: root on a client acts as an unprivileged user on the share, so a compromised instance cannot take over files it does not own."
    />
  )
}
