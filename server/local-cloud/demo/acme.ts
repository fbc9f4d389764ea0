import type { StateData } from '../platform/store/records.ts'
import { ACME_ORG_ID, EU_WEST_1, US_EAST_1 } from '../catalog/ids.ts'
import { imageByKey } from '../catalog/regions.ts'
import { DemoBuilder, rule } from './builder.ts'

export const ACME_NAME = 'acme-ai'
export const ACME_ADMIN = 'alex.morgan@acme.example'
export const ACME_MEMBER = 'sam.okafor@acme.example'

const team = (value: string) => ({ name: 'team', value })
const env = (value: string) => ({ name: 'env', value })
const model = (value: string) => ({ name: 'model', value })

/** Acme AI: a mid-sized AI company training and serving models in two regions. */
export function addAcme(data: StateData, now: number): void {
  const b = new DemoBuilder(data, ACME_ORG_ID, ACME_NAME, now, ACME_ADMIN)
  // Its people sign in through its own Okta; a second provider, for a staging tenant, signs no one in yet.
  const okta = b.oauth2Provider(
    'acme-okta',
    'Acme’s Okta: every employee signs in here',
    { issuer: 'https://acme.okta.example/oauth2/default', clientID: '0oa4k1acme7Zq2x9h5d7' },
    411,
  )
  b.oauth2Provider(
    'staging-auth0',
    'Auth0 tenant for trying sign-in changes',
    { issuer: 'https://acme-staging.auth0.example/', clientID: 'Xk2vQ9mRacmeStaging01' },
    60,
  )
  data.organizations.push({
    id: ACME_ORG_ID,
    // Organization names follow the platform's name rule, like every resource's: its update refuses others.
    name: ACME_NAME,
    description: 'Acme AI, Inc.: foundation models for retail and logistics',
    creationTime: b.at(412),
    domain: 'acme.example',
    organizationType: 'domain',
    providerScope: 'organization',
    providerID: okta.meta.id,
    regionIds: [EU_WEST_1, US_EAST_1],
  })

  b.group('administrators', 'Organization administrators', 'administrator', 410)
  b.group('ml-engineers', 'Train, evaluate and deploy models', 'user', 400)
  b.group('platform-engineers', 'Run the serving and data platform', 'user', 395)
  b.group('readers', 'Read-only access for stakeholders', 'reader', 300)
  b.group('auditors', 'Security and compliance review', 'auditor', 220)
  // A group of two roles: builds in the projects that list it, and reads the whole organization.
  b.group('release-managers', 'Ship inference releases and review what runs', ['user', 'auditor'], 180)

  b.project(
    'ml-research',
    'Model training and experiments',
    ['administrators', 'ml-engineers', 'readers', 'auditors'],
    405,
    [team('research')],
  )
  b.project(
    'production-inference',
    'Customer-facing inference endpoints',
    ['administrators', 'platform-engineers', 'auditors', 'release-managers'],
    380,
    [team('platform'), env('production')],
  )
  b.project(
    'data-platform',
    'Ingestion, feature store and batch jobs',
    ['administrators', 'platform-engineers', 'readers'],
    350,
    [team('data')],
  )
  b.project(
    'sandbox',
    'Scratch space for trying things out; cleaned up monthly',
    ['administrators', 'ml-engineers', 'platform-engineers'],
    120,
  )

  b.user(ACME_ADMIN, 'Alex Morgan', 'active', ['administrators'], 410, 0.2)
  b.user('priya.shah@acme.example', 'Priya Shah', 'active', ['ml-engineers'], 398, 1.5, [team('research')])
  b.user('tomasz.nowak@acme.example', 'Tomasz Nowak', 'active', ['ml-engineers', 'platform-engineers'], 390, 27, [
    team('research'),
    { name: 'on-call', value: 'training' },
  ])
  b.user('mei.lin@acme.example', 'Mei Lin', 'active', ['platform-engineers', 'release-managers'], 260, 4, [
    team('platform'),
    { name: 'on-call', value: 'inference' },
  ])
  b.user('jordan.reyes@acme.example', 'Jordan Reyes', 'suspended', ['ml-engineers'], 300, 24 * 64)
  b.user(ACME_MEMBER, 'Sam Okafor', 'active', ['readers'], 150, 24 * 6)
  b.user('lena.fischer@acme.example', 'Lena Fischer', 'active', ['auditors'], 95, 24 * 12, [
    { name: 'company', value: 'external-audit' },
  ])
  b.user('noah.kim@acme.example', 'Noah Kim', 'pending', ['ml-engineers'], 2)

  b.serviceAccount('ci-deployer', 'GitHub Actions: deploys inference services', ['platform-engineers'], 75, 15 + 67, [
    team('platform'),
    env('production'),
  ])
  b.serviceAccount('grafana-exporter', 'Metrics scraping for the ops dashboards', ['readers'], 78, 12, [
    team('platform'),
  ])
  b.serviceAccount('nightly-eval', 'Nightly evaluation runs', ['ml-engineers'], 140, 48, [team('research')])
  b.serviceAccount('legacy-batch', 'Old batch scheduler, being retired', ['platform-engineers'], 200, -5)

  // The CAs the research and production teams sign their engineers' short-lived SSH certificates with (public keys
  // only: their private halves were never here).
  b.sshCertificateAuthority(
    'production-inference',
    'prod-user-ca',
    'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAkx6/FWt6WmloJ/msOatPmTSdDXgGnAFBny+42eHrs2 acme-prod-user-ca',
    { daysAgo: 120, description: 'Signs on-call engineers’ certificates, valid 8 hours', tags: [env('production')] },
  )
  const researchCa = b.sshCertificateAuthority(
    'ml-research',
    'research-ca',
    'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBGwIFX4q1LnzDwY3yopsYMMfGU8JpovEtUyavmKeDwT3BGApQj23wlZ5t/3vsepbxe6C8mi6KfYBoRkpTCE2cz8= acme-research-ca',
    { daysAgo: 60, tags: [team('research')], createdBy: 'priya.shah@acme.example' },
  )

  // Object storage: checkpoints and datasets for research, model artifacts for serving, and a private endpoint the
  // data platform's batch jobs reach from its network only.
  const bucket = (name: string) => [`arn:aws:s3:::${name}`, `arn:aws:s3:::${name}/*`]
  const allow = (actions: string[], resources: string[]) => ({
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: actions, Resource: resources }],
  })
  const checkpoints = b.objectStorageEndpoint(
    'ml-research',
    'research-checkpoints',
    EU_WEST_1,
    'public',
    [
      { name: 'trainer-rw', document: allow(['s3:GetObject', 's3:PutObject', 's3:ListBucket'], bucket('checkpoints')) },
      { name: 'datasets-read', document: allow(['s3:GetObject', 's3:ListBucket'], bucket('datasets')) },
    ],
    { daysAgo: 210, description: 'Training checkpoints and curated datasets', tags: [team('research')] },
  )
  b.objectStorageAccessKey(checkpoints, 'trainer-cluster', 'trainer-rw', { daysAgo: 200 })
  b.objectStorageAccessKey(checkpoints, 'notebook-readers', 'datasets-read', {
    daysAgo: 45,
    createdBy: 'priya.shah@acme.example',
  })
  const artifacts = b.objectStorageEndpoint(
    'production-inference',
    'model-artifacts',
    US_EAST_1,
    'public',
    [
      { name: 'release-publisher', document: allow(['s3:PutObject', 's3:GetObject'], bucket('models')) },
      { name: 'serving-read', document: allow(['s3:GetObject'], bucket('models')) },
    ],
    { daysAgo: 150, description: 'Released model weights the serving fleet pulls', tags: [env('production')] },
  )
  b.objectStorageAccessKey(artifacts, 'ci-release', 'release-publisher', { daysAgo: 140 })
  b.objectStorageAccessKey(artifacts, 'serving-fleet', 'serving-read', { daysAgo: 140 })
  b.objectStorageEndpoint(
    'data-platform',
    'lake-private',
    EU_WEST_1,
    'private',
    [{ name: 'spark-jobs', document: allow(['s3:*'], bucket('lake')) }],
    { daysAgo: 90, tags: [team('data')] },
  )

  // ml-research
  b.network('ml-research', 'training-fabric', EU_WEST_1, '10.20.0.0/16', {
    daysAgo: 400,
    description: 'Training cluster fabric',
    dns: ['10.20.0.2', '1.1.1.1'],
    routes: [{ prefix: '172.16.0.0/12', nexthop: '10.20.0.254' }],
    tags: [team('research'), env('dev')],
  })
  b.network('ml-research', 'experiments-us', US_EAST_1, '10.21.0.0/20', {
    daysAgo: 180,
    tags: [team('research')],
    createdBy: 'priya.shah@acme.example',
  })
  b.securityGroup(
    'training-fabric',
    'ssh-bastion',
    [rule('ingress', 'tcp', '198.51.100.0/24', 22), rule('ingress', 'icmp')],
    { daysAgo: 399, description: 'SSH from the office VPN' },
  )
  b.securityGroup(
    'training-fabric',
    'nccl-cluster',
    [rule('ingress', 'any', '10.20.0.0/16'), rule('ingress', 'tcp', '10.20.0.0/16', 29500, 29600)],
    { daysAgo: 399, description: 'Collective traffic between training nodes', tags: [team('research')] },
  )
  b.securityGroup(
    'training-fabric',
    'jupyter',
    [rule('ingress', 'tcp', '10.20.0.0/16', 8888), rule('ingress', 'tcp', '172.16.0.0/12', 8888)],
    { daysAgo: 150 },
  )
  b.securityGroup('experiments-us', 'ssh-bastion-us', [rule('ingress', 'tcp', '198.51.100.0/24', 22)], { daysAgo: 180 })
  b.fileStorage('ml-research', 'datasets', EU_WEST_1, 395, 20480, 0.68, {
    performance: true,
    networks: ['training-fabric'],
    tags: [team('research')],
    description: 'Tokenised pre-training corpora',
  })
  b.fileStorage('ml-research', 'checkpoints', EU_WEST_1, 390, 51200, 0.81, {
    performance: true,
    networks: ['training-fabric'],
    description: 'Training checkpoints, kept 30 days',
  })
  b.fileStorage('ml-research', 'home-dirs', EU_WEST_1, 380, 2048, 0.34, {
    rootSquash: false,
    networks: ['training-fabric'],
  })
  const pretrain = [team('research'), { name: 'job', value: 'llm-13b-pretrain' }]
  const trainer = { securityGroups: ['ssh-bastion', 'nccl-cluster'], tags: [team('research')] }
  b.instance('training-fabric', ['trainer-h100-0', 'trainer-h100-1'], 45, 'h100/8', 'ubuntu-22.04-cuda-12.4', {
    ...trainer,
    tags: pretrain,
  })
  b.instance('training-fabric', 'trainer-h200-0', 20, 'h200/8', 'ubuntu-24.04-cuda-12.8', trainer)
  b.instance('training-fabric', 'notebook-priya', 33, 'h100/1', 'ubuntu-24.04-cuda-12.8', {
    securityGroups: ['ssh-bastion', 'jupyter'],
    power: 'Stopped',
    createdBy: 'priya.shah@acme.example',
  })
  b.instance('training-fabric', 'eval-mi300x', 12, 'mi300x/1', 'ubuntu-24.04-rocm-6.4', {
    securityGroups: ['ssh-bastion'],
    tags: [team('research')],
  })
  b.instance('experiments-us', 'b200-bringup', 6, 'b200/8', 'ubuntu-24.04-cuda-12.8', {
    securityGroups: ['ssh-bastion-us'],
    createdBy: 'tomasz.nowak@acme.example',
  })

  // Two NVL72 racks of GB300 reserved for pre-training, two thirds of the first placed: 12 hosts spread over both.
  const gb300 = b.reservation(
    'ml-research',
    'gb300-pretrain',
    { regionId: EU_WEST_1, accelerator: 'GB300', unit: 'NVL72' },
    2,
    { daysAgo: 14, description: 'Reserved NVL72 racks for the 70B pre-training run', tags: pretrain },
  )
  b.placement(
    gb300,
    'training-fabric',
    'pretrain-workers',
    [6, 6],
    {
      constraints: { policy: 'spread', maxSkew: 1, minDomains: 2, whenUnsatisfiable: 'fail' },
      readinessPolicy: { mode: 'Require' },
      serverSpec: {
        imageId: imageByKey('ubuntu-24.04-cuda-12.8').id,
        sshCertificateAuthorityId: researchCa.meta.id,
        networking: { securityGroups: [b.securityGroupId('ssh-bastion'), b.securityGroupId('nccl-cluster')] },
      },
    },
    { daysAgo: 12, tags: pretrain },
  )
  // The pre-training team's Kubernetes: a system pool of CPU workers, and GB300 workers on the reservation's hosts that
  // the placement leaves free (one worker a host: 18, a rack's worth), held by the placement the pool manages.
  const pretrainCluster = b.cluster('training-fabric', 'pretrain-k8s', 'nks-1-32-3', {
    daysAgo: 11,
    description: 'Pre-training jobs on the reserved GB300 racks',
    tags: pretrain,
  })
  b.nodePool(pretrainCluster, 'system', 3, { flavorKey: 'c1.xlarge' }, { daysAgo: 11 })
  b.nodePool(
    pretrainCluster,
    'gb300',
    18,
    { reservation: gb300 },
    { daysAgo: 10, taints: [{ key: 'nvidia.com/gpu', effect: 'NoSchedule', propagation: 'Always' }], tags: pretrain },
  )

  // production-inference
  b.network('production-inference', 'inference-prod', EU_WEST_1, '10.40.0.0/22', {
    daysAgo: 370,
    dns: ['10.40.0.2', '9.9.9.9'],
    routes: [{ prefix: '192.168.100.0/24', nexthop: '10.40.0.254' }],
    tags: [env('production'), { name: 'tier', value: 'serving' }],
  })
  b.network('production-inference', 'inference-prod-us', US_EAST_1, '10.41.0.0/22', {
    daysAgo: 170,
    tags: [env('production'), { name: 'tier', value: 'serving' }],
  })
  // Managed Kubernetes for the serving stack: a system pool of CPU workers and a tainted pool of H100 workers.
  const servingCluster = b.cluster('inference-prod', 'serving-k8s', 'nks-1-32-3', {
    daysAgo: 90,
    description: 'Model serving: vLLM and the gateway',
    apiServer: { publicIP: true, allowedCidrs: ['198.51.100.0/24', '203.0.113.0/24'] },
    tags: [env('production')],
  })
  b.nodePool(servingCluster, 'system', 3, { flavorKey: 'c1.xlarge' }, { daysAgo: 90 })
  b.nodePool(
    servingCluster,
    'gpu-h100',
    2,
    { flavorKey: 'h100/8' },
    {
      daysAgo: 60,
      taints: [{ key: 'nvidia.com/gpu', effect: 'NoSchedule', propagation: 'Always' }],
      tags: [{ name: 'tier', value: 'serving' }],
    },
  )
  b.securityGroup(
    'inference-prod',
    'inference-api',
    [rule('ingress', 'tcp', '0.0.0.0/0', 443), rule('ingress', 'tcp', '10.40.0.0/22', 8000, 8100)],
    { daysAgo: 369, description: 'Public HTTPS and internal model servers', tags: [env('production')] },
  )
  b.securityGroup(
    'inference-prod',
    'monitoring',
    [rule('ingress', 'tcp', '10.40.0.0/22', 9100), rule('ingress', 'udp', '10.40.0.0/22', 8125), rule('egress', 'any')],
    { daysAgo: 360 },
  )
  b.securityGroup('inference-prod-us', 'inference-api-us', [rule('ingress', 'tcp', '0.0.0.0/0', 443)], {
    daysAgo: 170,
    tags: [env('production')],
  })
  b.fileStorage('production-inference', 'model-weights', EU_WEST_1, 365, 4096, 0.41, {
    networks: ['inference-prod'],
    tags: [env('production')],
    description: 'Released model weights, read-only for servers',
  })
  b.fileStorage('production-inference', 'model-weights-us', US_EAST_1, 165, 4096, 0.39, {
    networks: ['inference-prod-us'],
    tags: [env('production')],
  })
  const serving = { securityGroups: ['inference-api', 'monitoring'], tags: [env('production')] }
  const llama = { ...serving, publicIP: true, tags: [env('production'), model('llama-3.3-70b')] }
  b.instance('inference-prod', ['vllm-llama-70b-0', 'vllm-llama-70b-1'], 30, 'h200/4', 'ubuntu-24.04-cuda-12.8', llama)
  b.instance('inference-prod', 'embeddings-mi300x', 25, 'mi300x/2', 'ubuntu-24.04-rocm-6.4', {
    ...serving,
    tags: [env('production'), model('bge-m3')],
  })
  b.instance('inference-prod', 'gateway-0', 300, 'c1.large', 'ubuntu-24.04', { ...serving, publicIP: true })
  b.instance('inference-prod-us', 'vllm-us-0', 14, 'h100/2', 'ubuntu-24.04-cuda-12.8', {
    securityGroups: ['inference-api-us'],
    publicIP: true,
    tags: [env('production')],
  })

  // The public entry to the Llama replicas, with a health check; model servers read clients' addresses from Proxy
  // Protocol v2 headers. Metrics are scraped from inside the network only.
  b.loadBalancer(
    'inference-prod',
    'llama-gateway',
    [
      {
        name: 'https',
        protocol: 'tcp',
        port: 443,
        allowedCidrs: ['0.0.0.0/0'],
        idleTimeoutSeconds: 120,
        pool: {
          proxyProtocolV2: true,
          members: [
            { instance: 'vllm-llama-70b-0', port: 8000 },
            { instance: 'vllm-llama-70b-1', port: 8000 },
          ],
          healthCheck: { intervalSeconds: 10, timeoutSeconds: 5, healthyThreshold: 2, unhealthyThreshold: 3 },
        },
      },
      {
        name: 'metrics',
        protocol: 'tcp',
        port: 9100,
        allowedCidrs: ['10.40.0.0/22'],
        idleTimeoutSeconds: 60,
        pool: {
          members: [
            { instance: 'vllm-llama-70b-0', port: 9100 },
            { instance: 'vllm-llama-70b-1', port: 9100 },
          ],
        },
      },
    ],
    { daysAgo: 28, publicIP: true, description: 'Public HTTPS for the Llama 70B replicas', tags: [env('production')] },
  )

  // data-platform
  b.network('data-platform', 'data-lake', EU_WEST_1, '10.60.0.0/20', { daysAgo: 345, tags: [team('data')] })
  b.securityGroup(
    'data-lake',
    'spark-cluster',
    [
      rule('ingress', 'tcp', '10.60.0.0/20', 7077),
      rule('ingress', 'tcp', '10.60.0.0/20', 4040, 4050),
      rule('ingress', 'tcp', '198.51.100.0/24', 22),
    ],
    { daysAgo: 340 },
  )
  b.fileStorage('data-platform', 'feature-store', EU_WEST_1, 340, 8192, 0.97, {
    networks: ['data-lake'],
    tags: [team('data')],
    description: 'Nearly full: resize before the next backfill',
  })
  b.fileStorage('data-platform', 'raw-events', EU_WEST_1, 200, 16384, 0.55, { networks: ['data-lake'] })
  const spark = { securityGroups: ['spark-cluster'], tags: [team('data')] }
  b.instance('data-lake', 'spark-driver', 200, 'm1.xlarge', 'ubuntu-22.04', spark)
  b.instance('data-lake', ['spark-worker-0', 'spark-worker-1'], 200, 'c1.4xlarge', 'ubuntu-22.04', spark)
  b.instance('data-lake', 'spark-worker-2', 90, 'c1.4xlarge', 'ubuntu-22.04', { ...spark, power: 'Stopped' })
  b.instance('data-lake', 'airflow', 330, 'c1.xlarge', 'rocky-9', { securityGroups: ['spark-cluster'] })
  // Internal only: the Spark master for the workers and Airflow, and StatsD metrics over UDP.
  b.loadBalancer(
    'data-lake',
    'spark-internal',
    [
      {
        name: 'spark-master',
        protocol: 'tcp',
        port: 7077,
        allowedCidrs: ['10.60.0.0/20'],
        idleTimeoutSeconds: 3600,
        pool: { members: [{ instance: 'spark-driver', port: 7077 }] },
      },
      {
        name: 'statsd',
        protocol: 'udp',
        port: 8125,
        pool: {
          members: [
            { instance: 'spark-worker-0', port: 8125 },
            { instance: 'spark-worker-1', port: 8125 },
          ],
        },
      },
    ],
    { daysAgo: 190, tags: [team('data')], createdBy: 'mei.lin@acme.example' },
  )

  // sandbox
  b.network('sandbox', 'sandbox', EU_WEST_1, '192.168.10.0/24', { daysAgo: 110 })
  b.securityGroup('sandbox', 'allow-ssh', [rule('ingress', 'tcp', '0.0.0.0/0', 22)], { daysAgo: 110 })
  b.fileStorage('sandbox', 'scratch', EU_WEST_1, 60, 100, 0.12)
  b.instance('sandbox', 'gpu-smoke-test', 3, 'h100/8', 'ubuntu-22.04', {
    failed: true,
    createdBy: 'tomasz.nowak@acme.example',
  })
  b.instance('sandbox', 'cpu-playground', 9, 'c1.small', 'ubuntu-24.04', {
    securityGroups: ['allow-ssh'],
    publicIP: true,
    power: 'Stopped',
    createdBy: 'mei.lin@acme.example',
  })
}
