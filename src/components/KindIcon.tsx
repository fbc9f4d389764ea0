import { useEffect, useState, type CSSProperties } from 'react'
import type { TablerIcon } from '@tabler/icons-react'
import { afterFirstPaint } from '../lib/after-first-paint'
import type { IconModule } from '../lib/resources'
import classes from './KindIcon.module.css'

/** Icons already loaded: a page opened after the first draws its icons in its first render. */
const loaded = new WeakMap<IconModule, TablerIcon>()

/**
 * A kind's icon (its row's `icon`), in a box of its size from the first render: the icons' chunk arrives after the first
 * paint, and nothing moves when it does. Hidden from assistive technology: the words beside it name the kind.
 */
export function KindIcon({ icon, size = 18, className }: { icon: IconModule; size?: number; className?: string }) {
  const [arrived, setArrived] = useState<{ icon: IconModule; Icon: TablerIcon }>()
  const Icon = arrived?.icon === icon ? arrived.Icon : loaded.get(icon)
  useEffect(() => {
    if (Icon) return
    let shown = true
    void afterFirstPaint()
      .then(icon)
      .then(({ default: Loaded }) => {
        loaded.set(icon, Loaded)
        if (shown) setArrived({ icon, Icon: Loaded })
      })
    return () => {
      shown = false
    }
  }, [icon, Icon])
  return (
    <span
      className={`${classes.icon} ${className ?? ''}`}
      style={{ '--kind-icon-size': `${size}px` } as CSSProperties}
      aria-hidden
    >
      {Icon && <Icon size={size} stroke={1.75} />}
    </span>
  )
}
