import type { CommandName } from '@/lib/contract/vehicle-api';

/**
 * The actions a password alone must not allow: each needs a fresh proof of the person (a step-up,
 * lib/auth/server/step-up.ts) within the last five minutes of this very session and organization.
 * The one list, as data; the routes name their entry through `withOrg`'s `stepUp` option.
 */
export const DANGEROUS_ACTIONS = {
  'vehicle.open': 'Opening a vehicle (unlocking its doors or opening a trunk)',
  'vehicle.disconnect': 'Disconnecting a vehicle',
  'account.disconnect': 'Disconnecting an OEM account',
  'bulk.command': 'A bulk command to many vehicles, or one that opens vehicles',
  'settings.credentials': 'Changing the Vehicle API credentials',
  'settings.webhook_secret': 'Changing the webhook signing secret',
  'members.role': 'Changing a member’s role',
  'members.remove': 'Removing a member',
  'settings.second_factor_off': 'Turning off the organization’s second-factor requirement',
  'eligibility.bulk_connect': 'Connecting the eligible vehicles of a check in bulk',
  'api_credentials.create': 'Creating console API credentials',
  'notifications.webhook_secret': 'Adding a webhook endpoint or rotating its signing secret',
} as const;
export type DangerousAction = keyof typeof DANGEROUS_ACTIONS;

/** Commands that open a vehicle to whoever stands beside it. */
export const OPENING_COMMANDS = ['UNLOCK_DOORS', 'ACTUATE_FRONT_TRUNK', 'ACTUATE_REAR_TRUNK'] as const satisfies readonly CommandName[];

/** How long one proof counts for this session and organization. */
export const STEP_UP_WINDOW_MS = 5 * 60_000;

export function isOpeningCommand(command: string): boolean {
  return (OPENING_COMMANDS as readonly string[]).includes(command);
}

/** A single vehicle's command: only the opening ones. */
export function commandStepUp(body: { command: string }): DangerousAction | null {
  return isOpeningCommand(body.command) ? 'vehicle.open' : null;
}

/** The shape of a bulk job's body this decision reads (lib/bulk/schemas.ts has the full one). */
export type BulkBodyForStepUp = {
  action: string;
  command?: { command: string };
  selection: { mode: string; vehicleIds?: readonly string[] };
  confirmedCount?: number;
};

/**
 * A bulk job: a command that opens vehicles (at any size), or any command above the type-back
 * threshold. The threshold is passed in by the bulk route (it is the bulk domain's). A filter
 * selection's size is not known before it is resolved, but the server refuses any command job
 * above the threshold whose typed-back count is not its size (lib/bulk/server/manage-bulk-jobs.ts),
 * so a large job that can run always carries `confirmedCount` above the threshold.
 */
export function bulkJobStepUp(body: BulkBodyForStepUp, typeBackAbove: number): DangerousAction | null {
  if (body.action !== 'command' || !body.command) return null;
  if (isOpeningCommand(body.command.command)) return 'bulk.command';
  const named = body.selection.mode === 'ids' ? (body.selection.vehicleIds?.length ?? 0) : 0;
  return Math.max(named, body.confirmedCount ?? 0) > typeBackAbove ? 'bulk.command' : null;
}

/** The organization's second-factor requirement: turning it off weakens every admin's sign-in; turning it on does not. */
export function secondFactorRequirementStepUp(body: { required: boolean }): DangerousAction | null {
  return body.required ? null : 'settings.second_factor_off';
}

/** Whether a proof made at `provenAt` still counts at `now`. */
export function stepUpIsFresh(provenAt: Date | null | undefined, now: Date): boolean {
  if (!provenAt) return false;
  const age = now.getTime() - provenAt.getTime();
  return age >= 0 && age < STEP_UP_WINDOW_MS;
}
