import { Button } from './mantine/Button'
import { useTableDensity } from '../lib/table-density'

/**
 * Compact rows for every list table in this browser, beside a list's count line. A toggle button (pressed or not):
 * the Button the page already loads, where a Switch would add its own code to every list's first load.
 */
export function DensityToggle() {
  const [density, setDensity] = useTableDensity()
  const compact = density === 'compact'
  return (
    <Button
      variant={compact ? 'light' : 'subtle'}
      color={compact ? undefined : 'gray'}
      size="compact-sm"
      fw={500}
      aria-pressed={compact}
      onClick={() => setDensity(compact ? 'comfortable' : 'compact')}
      leftSection={
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          {compact ? <path d="M4 6h16M4 10h16M4 14h16M4 18h16" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      }
    >
      Compact rows
    </Button>
  )
}
