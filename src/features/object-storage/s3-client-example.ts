// An S3 client's settings for a new access key, as the user pastes them: the AWS CLI's and boto3's. The secret is
// written into the sample on purpose: it is shown this once, and the user copies it into their own configuration.

interface S3Access {
  /** The endpoint's public DNS name; none for a private endpoint, reached at its address on the project's networks. */
  dnsName: string | undefined
  accessKeyId: string
  secret: string
}

const PRIVATE_ENDPOINT = 'https://<the endpoint’s address on your network>'

/** The endpoint's URL as an S3 client takes it. */
export const endpointUrl = (dnsName: string | undefined) => (dnsName ? `https://${dnsName}` : PRIVATE_ENDPOINT)

/** The AWS CLI (a profile of its own) and boto3, each listing the buckets the key may see. */
export function s3ClientSamples({ dnsName, accessKeyId, secret }: S3Access) {
  const url = endpointUrl(dnsName)
  return [
    {
      language: 'shell',
      label: 'AWS CLI',
      code: [
        `aws configure set aws_access_key_id ${accessKeyId} --profile object-storage`,
        `aws configure set aws_secret_access_key '${secret}' --profile object-storage`,
        `aws s3 ls --profile object-storage --endpoint-url ${url}`,
      ].join('\n'),
    },
    {
      language: 'python',
      label: 'boto3',
      code: [
        'import boto3',
        '',
        's3 = boto3.client(',
        "    's3',",
        `    endpoint_url='${url}',`,
        `    aws_access_key_id='${accessKeyId}',`,
        `    aws_secret_access_key='${secret}',`,
        ')',
        "print([bucket['Name'] for bucket in s3.list_buckets()['Buckets']])",
      ].join('\n'),
    },
  ]
}
