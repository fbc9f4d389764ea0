import { Switch } from '@mantine/core'
import { useTableDensity } from '../lib/table-density'

/** Compact rows for every list table in this browser, beside a list's count line. */
export function DensityToggle() {
  const [density, setDensity] = useTableDensity()
  return (
    <Switch
      size="xs"
      label="Compact rows"
      checked={density === 'compact'}
      onChange={(event) => setDensity(event.currentTarget.checked ? 'compact' : 'comfortable')}
    />
  )
}
