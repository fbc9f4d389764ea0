import { ActionIcon } from '../../components/mantine/ActionIcon'
import { Popover } from '../../components/mantine/Popover'
import { Text } from '../../components/mantine/Text'
import { useId, useState } from 'react'
import { capitalized } from '../../lib/words'
import {
  colourVariables,
  PROJECT_COLOURS,
  setProjectColour,
  useProjectColour,
  type ProjectColour,
} from '../../lib/project-colours'
import classes from './ProjectColourPicker.module.css'

/**
 * The project's colour along the header's top edge, so an admin sees at a glance which project the console is in.
 * Drawn here, in the switcher's chunk, rather than by the shell, whose boot path has no room for it; on a phone, where
 * the switcher is not shown, neither is the colour.
 */
export function ProjectColourEdge({ projectId }: { projectId: string }) {
  const colour = useProjectColour(projectId)
  return colour ? <span className={classes.edge} style={colourVariables(colour)} aria-hidden /> : null
}

/** The project's colour swatch beside the project picker; pressed, the swatches to choose another from. */
export function ProjectColourPicker({ projectId, projectName }: { projectId: string; projectName: string }) {
  const colour = useProjectColour(projectId)
  const [opened, setOpened] = useState(false)
  const headingId = useId()
  const choose = (next: ProjectColour | undefined) => {
    setProjectColour(projectId, next)
    setOpened(false)
  }
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`Colour of project ${projectName}: ${colour ? capitalized(colour) : 'none'}`}
          aria-expanded={opened}
          onClick={() => setOpened((now) => !now)}
        >
          <span
            className={classes.swatch}
            data-colour={colour ? '' : undefined}
            style={colour && colourVariables(colour)}
          />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={500} mb={6} id={headingId}>
          Colour of {projectName}
        </Text>
        <div className={classes.swatches} role="group" aria-labelledby={headingId}>
          {PROJECT_COLOURS.map((option) => (
            <button
              key={option}
              type="button"
              className={classes.choice}
              aria-label={capitalized(option)}
              aria-pressed={option === colour}
              onClick={() => choose(option)}
            >
              <span className={classes.swatch} data-colour="" style={colourVariables(option)} />
            </button>
          ))}
          <button
            type="button"
            className={classes.choice}
            aria-label="No colour"
            aria-pressed={colour === undefined}
            onClick={() => choose(undefined)}
          >
            <span className={classes.swatch} />
          </button>
        </div>
      </Popover.Dropdown>
    </Popover>
  )
}
