import type { Control } from 'react-hook-form'
import { GroupsField } from '../../../components/form/GroupsField'
import { StateField } from './StateField'

/** What a user may do, as the add and edit forms ask it: whether they may sign in, and their groups. */
export function UserAccessFields<T extends { state: string; groupIDs: string[] }>(props: {
  control: Control<T>
  organizationID: string
}) {
  return (
    <>
      <StateField control={props.control} />
      <GroupsField
        control={props.control}
        organizationID={props.organizationID}
        description="What the user may do comes from the roles of their groups."
      />
    </>
  )
}
