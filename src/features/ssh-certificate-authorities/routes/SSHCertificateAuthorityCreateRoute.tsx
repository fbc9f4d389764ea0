import { useQuery } from '@tanstack/react-query'
import { q } from '../../../api/endpoint'
import { projectApi } from '../../../api/identity'
import { TextareaField } from '../../../components/form/fields'
import { FormPage, FormSection, NAME_HINT, NameFields } from '../../../components/form/FormPage'
import { PlacePicker } from '../../../components/form/ProjectRegionFields'
import { useCreateForm } from '../../../components/form/useCreateForm'
import { createFormRoute, usePlacedDefaults } from '../../../lib/form-route'
import { resources } from '../../../lib/resources'
import { sshCertificateAuthorityCreate } from '../ssh-certificate-authority-form'

export const { loader } = createFormRoute()

export function Component() {
  const { regionId: _inNoRegion, ...defaults } = usePlacedDefaults({ publicKey: '' })
  const organizationID = defaults.organizationId
  const { form, submit } = useCreateForm(resources.sshCertificateAuthorities, sshCertificateAuthorityCreate, {
    params: {},
    defaultValues: defaults,
  })
  const projects = useQuery({ ...q(projectApi.list, { organizationID }), enabled: Boolean(organizationID) })
  return (
    <FormPage
      {...submit}
      description="A CA whose user certificates the project's instances accept: people sign in with a certificate it signed, and no SSH key is handed out."
    >
      <FormSection>
        <NameFields control={form.control} nameHint={NAME_HINT} />
        <PlacePicker control={form.control} name="projectId" noun="project" list={projects} searchable />
        <TextareaField
          control={form.control}
          name="publicKey"
          label="Public key"
          description="The CA's OpenSSH public key, one line as in its .pub file: ssh-keygen -y -f ca_key prints it."
          withAsterisk
          minRows={3}
          spellCheck={false}
          autoComplete="off"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } }}
        />
      </FormSection>
    </FormPage>
  )
}
