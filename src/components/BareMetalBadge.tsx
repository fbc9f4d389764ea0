import type { BadgeProps } from '@mantine/core'
import { Badge } from './mantine/Badge'
import type { Flavor } from '../api/schemas/regional'

/**
 * Marks a flavor that is a whole physical machine, the same in the catalog and in the instance form's picker; nothing
 * for a virtual one. Its size follows the text beside it.
 */
export function BareMetalBadge({ flavor, size }: { flavor: Flavor; size?: BadgeProps['size'] }) {
  if (!flavor.spec.baremetal) return null
  return (
    <Badge size={size} variant="outline" color="gray">
      bare metal
    </Badge>
  )
}
