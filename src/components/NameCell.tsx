import { Link } from 'react-router'
import { cellLink, cellText } from './cell-text'
import classes from './cell-text.module.css'
import { TagList } from './TagList'

interface NameCellProps {
  /** The resource's page. */
  to: string
  name: string
  /** A second line in small dimmed text; when empty, the first tags take that line. */
  description?: string
  tags?: { name: string; value: string }[]
}

/**
 * A list's name column: the name linking to the resource's page, with a description or its first tags beneath.
 * Plain elements with Mantine's classes (cell-text.ts): one per row of every list.
 */
export function NameCell({ to, name, description, tags }: NameCellProps) {
  return (
    <div className={classes.lines}>
      <Link to={to} className={cellLink('sm', 'strong')} data-underline="hover" data-truncate="end">
        {name}
      </Link>
      {description ? (
        <p className={cellText('xs', 'dimmed')} data-truncate="end">
          {description}
        </p>
      ) : tags?.length ? (
        <TagList tags={tags} fit />
      ) : null}
    </div>
  )
}
