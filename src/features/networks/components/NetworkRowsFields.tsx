import type { ArrayPath, Control } from 'react-hook-form'
import type { NetworkCreateValues } from '../network-form'
import { RowsEditor, type RowsEditorProps } from '../../../components/form/RowsEditor'
import { FormSection } from '../../../components/form/FormPage'
import { TagsSection } from '../../../components/form/TagsField'

// The create and edit forms share these rows; their values have the same shape in both.
type RowsForm = Pick<NetworkCreateValues, 'dnsNameservers' | 'routes' | 'tags'>

/** What each row editor says and which inputs a row has, in the order the forms show them. */
const editors: Record<'dnsNameservers' | 'routes', Omit<RowsEditorProps<RowsForm>, 'control' | 'name'>> = {
  dnsNameservers: {
    label: 'DNS servers',
    description: 'IPv4 addresses instances in this network use to resolve names.',
    empty: "None: instances use the platform's resolver.",
    row: 'DNS server',
    inputs: [
      { field: 'address', heading: 'Address', label: (row) => `DNS server ${row}`, placeholder: 'e.g. 1.1.1.1' },
    ],
  },
  routes: {
    label: 'Routes',
    description: 'Static routes: traffic to the destination goes through the next hop, an address inside this network.',
    empty: 'No static routes.',
    row: 'route',
    inputs: [
      {
        field: 'prefix',
        heading: 'Destination',
        label: (row) => `Route destination ${row}`,
        placeholder: 'e.g. 192.168.0.0/16',
      },
      { field: 'nexthop', heading: 'Next hop', label: (row) => `Route next hop ${row}`, placeholder: 'e.g. 10.0.0.1' },
    ],
  },
}

/** The end of both network forms: the DNS servers and routes, then the tags. */
export function NetworkRowsSections<T extends RowsForm>({ control }: { control: Control<T> }) {
  return (
    <>
      <FormSection gap="lg">
        {(['dnsNameservers', 'routes'] as const).map((name) => (
          <RowsEditor key={name} control={control} name={name as ArrayPath<T>} {...editors[name]} />
        ))}
      </FormSection>
      <TagsSection control={control} />
    </>
  )
}
