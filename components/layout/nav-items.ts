import type { Permission } from '@/lib/auth/permissions';

export type NavItem = { segment: string; label: string; permission: Permission };

/** The console's sections, in sidebar order; a section appears only to those who may read it. */
export const NAV_ITEMS: NavItem[] = [
  { segment: '', label: 'Overview', permission: 'org.read' },
  { segment: 'vehicles', label: 'Vehicles', permission: 'vehicles.read' },
  { segment: 'map', label: 'Map', permission: 'vehicles.read' },
  { segment: 'reports', label: 'Reports', permission: 'reports.read' },
  { segment: 'alerts', label: 'Alerts', permission: 'vehicles.read' },
  { segment: 'accounts', label: 'Accounts', permission: 'accounts.read' },
  { segment: 'commands', label: 'Commands', permission: 'commands.read' },
  { segment: 'bulk', label: 'Bulk jobs', permission: 'vehicles.read' },
  { segment: 'connect', label: 'Connect', permission: 'connect.read' },
  { segment: 'onboarding', label: 'Onboarding', permission: 'connect.read' },
  { segment: 'eligibility', label: 'Eligibility', permission: 'eligibility.read' },
  { segment: 'audit', label: 'Audit', permission: 'audit.read' },
  { segment: 'settings', label: 'Settings', permission: 'settings.read' },
];
