// Every link and navigation in the console goes through these builders, never string-built URLs.

type Query = Record<string, string | string[] | undefined>

function withQuery(path: string, query?: Query): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item)
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

const id = (value: string) => encodeURIComponent(value)

export const paths = {
  home: () => '/',
  activity: () => '/activity',
  networks: (query?: Query) => withQuery('/networks', query),
  networkNew: () => '/networks/new',
  network: (networkId: string) => `/networks/${id(networkId)}`,
  networkEdit: (networkId: string) => `/networks/${id(networkId)}/edit`,
  securityGroups: (query?: Query) => withQuery('/security-groups', query),
  securityGroupNew: (query?: Query) => withQuery('/security-groups/new', query),
  securityGroup: (securityGroupId: string) => `/security-groups/${id(securityGroupId)}`,
  securityGroupEdit: (securityGroupId: string) => `/security-groups/${id(securityGroupId)}/edit`,
  fileStorages: (query?: Query) => withQuery('/file-storage', query),
  fileStorageNew: () => '/file-storage/new',
  fileStorage: (fileStorageId: string) => `/file-storage/${id(fileStorageId)}`,
  fileStorageEdit: (fileStorageId: string) => `/file-storage/${id(fileStorageId)}/edit`,
  instances: (query?: Query) => withQuery('/instances', query),
  instanceNew: (query?: Query) => withQuery('/instances/new', query),
  instance: (instanceId: string) => `/instances/${id(instanceId)}`,
  instanceEdit: (instanceId: string) => `/instances/${id(instanceId)}/edit`,
  flavors: (query?: Query) => withQuery('/flavors', query),
  images: (query?: Query) => withQuery('/images', query),
  image: (imageId: string, query?: Query) => withQuery(`/images/${id(imageId)}`, query),
  users: (query?: Query) => withQuery('/users', query),
  userNew: () => '/users/new',
  user: (userId: string) => `/users/${id(userId)}`,
  userEdit: (userId: string) => `/users/${id(userId)}/edit`,
  serviceAccounts: (query?: Query) => withQuery('/service-accounts', query),
  serviceAccountNew: () => '/service-accounts/new',
  serviceAccount: (serviceAccountId: string) => `/service-accounts/${id(serviceAccountId)}`,
  serviceAccountEdit: (serviceAccountId: string) => `/service-accounts/${id(serviceAccountId)}/edit`,
  projects: (query?: Query) => withQuery('/projects', query),
  projectNew: () => '/projects/new',
  project: (projectId: string) => `/projects/${id(projectId)}`,
  projectEdit: (projectId: string) => `/projects/${id(projectId)}/edit`,
  groups: (query?: Query) => withQuery('/groups', query),
  group: (groupId: string) => `/groups/${id(groupId)}`,
  models: (query?: Query) => withQuery('/models', query),
  playground: (query?: Query) => withQuery('/playground', query),
}
