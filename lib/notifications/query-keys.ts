/** Query keys of notifications: the member's inbox (its pages and unread count) and the organization's rules. */
export const notificationKeys = {
  all: (org: string) => ['notifications', org] as const,
  inbox: (org: string) => ['notifications', org, 'inbox'] as const,
  inboxPages: (org: string, filter: string) => ['notifications', org, 'inbox', filter] as const,
  unread: (org: string) => ['notifications', org, 'unread'] as const,
  rules: (org: string) => ['notifications', org, 'rules'] as const,
};
