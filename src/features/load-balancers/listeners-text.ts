import type { LoadBalancerListener } from '../../api/loadBalancers'

/** A listener as people say it: "TCP 443". */
export const bindingText = (listener: Pick<LoadBalancerListener, 'protocol' | 'port'>) =>
  `${listener.protocol.toUpperCase()} ${listener.port}`

/** A balancer's listeners at a glance: "TCP 443, TCP 9100". */
export const listenersText = (listeners: readonly LoadBalancerListener[]) =>
  listeners.length ? listeners.map(bindingText).join(', ') : 'None'
