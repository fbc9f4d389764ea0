import type { StateData } from '../platform/store/records.ts'
import { GLOBEX_ORG_ID, EU_WEST_1 } from '../catalog/ids.ts'
import { imageByKey } from '../catalog/regions.ts'
import { DemoBuilder, rule } from './builder.ts'

export const GLOBEX_NAME = 'globex-research'
export const GLOBEX_ADMIN = 'hank.scorpio@globex.example'

/** Globex Research: a small second organization, so isolation between organizations shows. */
export function addGlobex(data: StateData, now: number): void {
  const b = new DemoBuilder(data, GLOBEX_ORG_ID, GLOBEX_NAME, now, GLOBEX_ADMIN)
  data.organizations.push({
    id: GLOBEX_ORG_ID,
    name: GLOBEX_NAME,
    description: 'Protein structure and genomics research',
    creationTime: b.at(160),
    domain: 'globex.example',
    // Its people sign in with their Google accounts, through the platform's built-in provider.
    organizationType: 'domain',
    providerScope: 'global',
    providerID: 'google',
    regionIds: [EU_WEST_1],
  })

  b.group('administrators', 'Organization administrators', 'administrator', 160)
  b.group('scientists', 'Research scientists', 'user', 158)
  b.group('reviewers', 'Grant reviewers', 'reader', 90)

  b.project('genomics', 'Sequencing pipelines', ['administrators', 'scientists'], 158)
  b.project('protein-folding', 'Structure prediction', ['administrators', 'scientists', 'reviewers'], 120)

  b.user(GLOBEX_ADMIN, 'Hank Scorpio', 'active', ['administrators'], 160, 3)
  b.user('frink@globex.example', 'John Frink', 'active', ['scientists'], 150, 30)
  b.user('reviewer@globex.example', 'External reviewer', 'pending', ['reviewers'], 5)

  b.serviceAccount('pipeline-runner', 'Snakemake pipelines', ['scientists'], 100, 40)

  b.network('genomics', 'genomics-net', EU_WEST_1, '10.8.0.0/24', { daysAgo: 150 })
  b.network('protein-folding', 'folding-net', EU_WEST_1, '10.9.0.0/23', { daysAgo: 118 })
  b.securityGroup('genomics-net', 'ssh', [rule('ingress', 'tcp', '192.0.2.0/24', 22)], { daysAgo: 150 })
  b.securityGroup('folding-net', 'ssh-folding', [rule('ingress', 'tcp', '192.0.2.0/24', 22)], { daysAgo: 118 })
  b.fileStorage('genomics', 'sequencer-data', EU_WEST_1, 148, 10240, 0.62, { networks: ['genomics-net'] })
  b.instance('genomics-net', 'pipeline-head', 140, 'c1.xlarge', 'ubuntu-22.04', { securityGroups: ['ssh'] })
  b.instance('folding-net', 'alphafold-h100', 40, 'h100/4', 'ubuntu-22.04-cuda-12.4', {
    securityGroups: ['ssh-folding'],
  })

  // H200 servers by the host, and one GB300 rack in the pod it shares with Acme (Acme's topology shows it reserved,
  // and no more).
  const h200 = b.reservation(
    'protein-folding',
    'h200-folding',
    { regionId: EU_WEST_1, accelerator: 'H200', unit: 'HGX8' },
    4,
    { daysAgo: 30 },
  )
  b.placement(
    h200,
    'folding-net',
    'folding-workers',
    [1, 1],
    {
      constraints: { policy: 'pack' },
      serverSpec: { imageId: imageByKey('ubuntu-22.04-cuda-12.4').id },
    },
    { daysAgo: 29 },
  )
  b.reservation('genomics', 'gb300-eval', { regionId: EU_WEST_1, accelerator: 'GB300', unit: 'NVL72' }, 1, {
    daysAgo: 9,
  })
}
