import { Anchor } from './mantine/Anchor'
import { Text } from './mantine/Text'
import classes from './cell-text.module.css'

type Option = 'sm' | 'xs' | 'mono' | 'strong' | 'dimmed'

/**
 * The class names that make a plain element in a list cell look like Mantine's `<Text>` (or `<Anchor>`, with
 * `link`) with the given options: e.g. `<p className={cellText('sm', 'mono')} data-truncate="end">`. Mantine's
 * own classes give the rest (margins, truncation through data-truncate, an anchor's colour, underline on hover
 * through data-underline, focus ring).
 */
export function cellText(...options: Option[]): string {
  return ['mantine-focus-auto', Text.classes.root, ...options.map((option) => classes[option])].join(' ')
}

/** The same for a link: Mantine's Anchor classes before Text's. */
export const cellLink = (...options: Option[]) => `${Anchor.classes.root} ${cellText(...options)}`
