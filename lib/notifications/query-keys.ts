/** Query keys of notifications: the member's inbox (its pages and unread count) the organization's rules, and its webhook endpoints with their delivery logs. */
export const notificationKeys = {
  all: (org: string) => ['notifications', org] as const,
  inbox: (org: string) => ['notifications', org, 'inbox'] as const,
  inboxPages: (org: string, filter: string) => ['notifications', org, 'inbox', filter] as const,
  unread: (org: string) => ['notifications', org, 'unread'] as const,
  rules: (org: string) => ['notifications', org, 'rules'] as const,
  /** The member's own e-mail timing, the same in every organization. */
  delivery: () => ['notification-delivery'] as const,
  webhookEndpoints: (org: string) => ['notifications', org, 'webhook-endpoints'] as const,
  webhookDeliveries: (org: string, endpointId: string) => ['notifications', org, 'webhook-endpoints', endpointId, 'deliveries'] as const,
};
