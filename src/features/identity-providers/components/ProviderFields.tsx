import type { Control } from 'react-hook-form'
import { FormSection, NameFields, NAME_HINT } from '../../../components/form/FormPage'
import { SelectField, TextField } from '../../../components/form/fields'
import { SecretField } from '../../../components/form/SecretField'
import { PROVIDER_TYPE_LABELS } from '../provider-words'
import type { ProviderValues } from '../provider-form'

interface ProviderFieldsProps {
  control: Control<ProviderValues>
  /** A new provider's form says what a name may hold; an edit says the secret is asked again. */
  creating?: boolean
}

/** What the identity provider create and edit forms ask: name, description, its type, issuer and client. */
export function ProviderFields({ control, creating }: ProviderFieldsProps) {
  return (
    <>
      <FormSection>
        <NameFields
          control={control}
          {...(creating
            ? { nameHint: NAME_HINT, descriptionHint: 'Which tenant this is, and who signs in through it.' }
            : {})}
        />
      </FormSection>
      <FormSection title="Provider">
        <SelectField
          control={control}
          name="type"
          label="Type"
          withAsterisk
          data={Object.entries(PROVIDER_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
          description="Okta, Auth0 and other OpenID Connect providers need no type; Google, Microsoft and GitHub do."
        />
        <TextField
          control={control}
          name="issuer"
          label="Issuer URL"
          withAsterisk
          placeholder="https://example.okta.com"
          description="Where sign-in finds the provider’s OpenID configuration."
          autoComplete="off"
        />
        <TextField
          control={control}
          name="clientID"
          label="Client ID"
          withAsterisk
          description="The client the organization registered with the provider."
          autoComplete="off"
        />
        <SecretField
          control={control}
          name="clientSecret"
          label="Client secret"
          withAsterisk
          description={
            creating
              ? 'Written once: it is never shown again, here or anywhere in the console.'
              : 'Never shown back. Enter it again: the platform replaces the whole provider, and a save without it clears the secret.'
          }
        />
      </FormSection>
    </>
  )
}
