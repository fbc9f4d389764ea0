import type { Rule } from '../../platform/store/records.ts'
import { array, cidr, fieldError, object, oneOf, optionalInteger, optionalString } from '../../platform/validate.ts'

const DIRECTIONS = ['ingress', 'egress'] as const
const PROTOCOLS = ['any', 'icmp', 'tcp', 'udp', 'vrrp'] as const
/** Only layer-4 protocols have ports. */
const PORTED = new Set(['tcp', 'udp'])
/** An omitted prefix means anywhere, as on the platform. */
const ANYWHERE = '0.0.0.0/0'

/**
 * Security group rules. The spec names the address range `cidr`, the platform `prefix`: either is read, and
 * both must agree when both are sent (a platform server ignores `cidr`, so a mismatch would silently open a rule).
 */
export function readRules(value: unknown, path: string): Rule[] {
  return array(value, path, 200).map((item, i) => {
    const at = `${path}/${i}`
    const raw = object(item, at)
    const direction = oneOf(raw.direction, `${at}/direction`, DIRECTIONS)
    const protocol = oneOf(raw.protocol, `${at}/protocol`, PROTOCOLS)
    const port = optionalInteger(raw.port, `${at}/port`, 1, 65535)
    const portMax = optionalInteger(raw.portMax, `${at}/portMax`, 1, 65535)
    if (port !== undefined && !PORTED.has(protocol))
      throw fieldError(`${at}/port`, 'ports can only be given for tcp and udp rules')
    if (portMax !== undefined) {
      if (port === undefined) throw fieldError(`${at}/portMax`, 'a port range needs port as well as portMax')
      if (port >= portMax) throw fieldError(`${at}/portMax`, 'must be greater than port')
    }
    const prefixText = optionalString(raw.prefix, `${at}/prefix`)
    const cidrText = optionalString(raw.cidr, `${at}/cidr`)
    if (prefixText !== undefined && cidrText !== undefined && prefixText !== cidrText) {
      throw fieldError(`${at}/prefix`, 'prefix and cidr differ; send one of them, or both with the same value')
    }
    const prefix =
      prefixText !== undefined
        ? cidr(prefixText, `${at}/prefix`)
        : cidrText !== undefined
          ? cidr(cidrText, `${at}/cidr`)
          : ANYWHERE
    return {
      direction,
      protocol,
      prefix,
      ...(port !== undefined ? { port } : {}),
      ...(portMax !== undefined ? { portMax } : {}),
    }
  })
}

/** Rules are answered with both spellings of the range. */
export function ruleView(rule: Rule) {
  return {
    direction: rule.direction,
    protocol: rule.protocol,
    ...(rule.port !== undefined ? { port: rule.port } : {}),
    ...(rule.portMax !== undefined ? { portMax: rule.portMax } : {}),
    prefix: rule.prefix,
    cidr: rule.prefix,
  }
}
