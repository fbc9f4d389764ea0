import type { ProgressProps } from '@mantine/core'
import { Progress } from '../../../components/mantine/Progress'
import classes from './LiveProgress.module.css'

/**
 * A progress bar whose stripes move while `live`, as Mantine's `animated` Progress, but painted once: Mantine's moved
 * by background-position, and during a two-model comparison the page then repainted on every frame, a large share of
 * its thread's time, beside the vector workers that need the cores (bench/playground-trace.bench.ts).
 */
export function LiveProgress({ live, ...props }: Omit<ProgressProps, 'animated' | 'striped'> & { live: boolean }) {
  return (
    <Progress {...props} classNames={{ root: classes.root, section: classes.section }} data-live={live || undefined} />
  )
}
