import type { ArrayPath, Control, FieldPath, FieldValues } from 'react-hook-form'
import { SwitchField } from '../../../components/form/fields'
import { FormSection } from '../../../components/form/FormPage'
import { RowsEditor } from '../../../components/form/RowsEditor'
import { SCHEDULE_HINT, type PolicyRow } from '../snapshot-policies'

type SnapshotForm = { defaultSnapshotProtection: boolean; snapshotPolicies: PolicyRow[] }

/**
 * Both forms' snapshot settings (region v1.20.0): Default Snapshot Protection, which the platform turns on unless the
 * create turns it off, said as such; and up to four policies, each a name, a schedule in UTC and how many to keep.
 */
export function SnapshotFields<T extends FieldValues & SnapshotForm>({ control }: { control: Control<T> }) {
  return (
    <FormSection title="Snapshots" gap="lg">
      <SwitchField
        control={control}
        name={'defaultSnapshotProtection' as FieldPath<T>}
        label="Default snapshot protection"
        description="On unless you turn it off: the platform keeps snapshots of its own of this file system, besides the policies below."
      />
      <RowsEditor
        control={control}
        name={'snapshotPolicies' as ArrayPath<T>}
        label="Snapshot policies"
        description={`Up to four. A schedule is ${SCHEDULE_HINT}.`}
        empty="No snapshot policies."
        row="snapshot policy"
        inputs={[
          { field: 'name', heading: 'Name', label: (row) => `Policy ${row} name`, placeholder: 'e.g. nightly' },
          {
            field: 'schedule',
            heading: 'Schedule',
            label: (row) => `Policy ${row} schedule`,
            placeholder: 'e.g. daily 02:00',
          },
          {
            field: 'keep',
            heading: 'Snapshots kept',
            label: (row) => `Policy ${row} snapshots kept`,
            placeholder: 'e.g. 7',
          },
        ]}
      />
    </FormSection>
  )
}
