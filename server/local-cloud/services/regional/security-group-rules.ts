import * as z from 'zod'
import { invalidRequest } from '../../platform/errors.ts'
import { cidr } from '../../platform/validate.ts'

type Direction = 'ingress' | 'egress'
type Protocol = 'any' | 'icmp' | 'tcp' | 'udp' | 'vrrp'

export interface Rule {
  direction: Direction
  protocol: Protocol
  port?: number
  portMax?: number
  prefix: string
}

/** Only layer-4 protocols have ports. */
const PORTED = new Set(['tcp', 'udp'])
/** An omitted prefix means anywhere, as on the platform. */
const ANYWHERE = '0.0.0.0/0'

const port = z.int().min(1).max(65535)

/** A rule as written: the spec names the address range `cidr`, the platform `prefix`, and reads only `prefix`. */
export const rulesSchema = z
  .array(
    z.object({
      direction: z.enum(['ingress', 'egress']),
      protocol: z.enum(['any', 'icmp', 'tcp', 'udp', 'vrrp']),
      port: port.optional(),
      portMax: port.optional(),
      prefix: cidr.optional(),
      cidr: cidr.optional(),
    }),
  )
  .max(200)

/**
 * The rules the platform enforces across a rule's fields. Both spellings of the range must agree when both are
 * sent: a platform server ignores `cidr`, so a mismatch would silently open a rule to another range.
 */
export function toRules(written: z.output<typeof rulesSchema>): Rule[] {
  return written.map((rule) => {
    if (rule.port !== undefined && !PORTED.has(rule.protocol))
      throw invalidRequest('ports can only be given for tcp and udp rules')
    if (rule.portMax !== undefined) {
      if (rule.port === undefined) throw invalidRequest('a port range needs port as well as portMax')
      if (rule.port >= rule.portMax) throw invalidRequest('must be greater than port')
    }
    if (rule.prefix !== undefined && rule.cidr !== undefined && rule.prefix !== rule.cidr)
      throw invalidRequest('prefix and cidr differ; send one of them, or both with the same value')
    return {
      direction: rule.direction,
      protocol: rule.protocol,
      // The platform ignores `cidr`: a rule sent with it alone opens to any source. The console sends both.
      prefix: rule.prefix ?? ANYWHERE,
      ...(rule.port !== undefined ? { port: rule.port } : {}),
      ...(rule.portMax !== undefined ? { portMax: rule.portMax } : {}),
    }
  })
}

/** Rules are answered in the platform's spelling: `prefix`, and `portMax` for a range. */
export function ruleView(rule: Rule) {
  return {
    direction: rule.direction,
    protocol: rule.protocol,
    ...(rule.port !== undefined ? { port: rule.port } : {}),
    ...(rule.portMax !== undefined ? { portMax: rule.portMax } : {}),
    prefix: rule.prefix,
  }
}
