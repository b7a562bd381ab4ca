/**
 * Where each connection stands, from the consent link to the vehicle's first data: pure, so the
 * page, the route and the tests word it the same way.
 */

import { keysOf } from '@/lib/keys-of';
import { VIN_LIST_STAGE_LABELS, VIN_LIST_STAGES, type VinListStage, type VinListState } from '@/lib/onboarding/onboarding-stage';

/** The stages of one consent link, in the order a link goes through them, with their labels. */
const LINK_STAGE_LABELS = {
  link_created: 'Link sent, owner not finished',
  link_expired: 'Link expired',
  consent_refused: 'Consent refused',
  account_confirmed: 'Account confirmed, no vehicle yet',
  vehicles_appeared: 'Vehicles appeared, no data yet',
  first_telemetry: 'First telemetry seen',
  vehicle_disconnected: 'Vehicle disconnected',
};
export const LINK_STAGES = keysOf(LINK_STAGE_LABELS);
type LinkStage = (typeof LINK_STAGES)[number];

/** Consent links and bulk VIN lists share the page, its stage filter included. */
export const ONBOARDING_STAGES = [...LINK_STAGES, ...VIN_LIST_STAGES];
export type OnboardingStage = LinkStage | VinListStage;
export const STAGE_LABELS: Record<OnboardingStage, string> = { ...LINK_STAGE_LABELS, ...VIN_LIST_STAGE_LABELS };

export type OnboardingLink = {
  status: 'PENDING' | 'COMPLETED' | 'FAILED' | 'EXPIRED';
  createdAt: string;
  expiresAt: string;
  completedAt: string | null;
  errorCode: string | null;
  accountId: string | null;
};

/**
 * What is known of a confirmed account: its vehicles (upstream), the time of the newest data seen
 * (upstream or pushed), and the newest connection state of its vehicles (the fleet snapshot, moved
 * by `device.connected` / `device.disconnected` events and the list walk), when known.
 */
export type AccountProgress = {
  vehicleCount: number;
  telemetryAt: string | null;
  connection?: { status: 'CONNECTED' | 'DISCONNECTED'; at: string } | null;
} | null;

export type OnboardingState = { stage: LinkStage; since: string; stuck: boolean; nextStep: string };

/** The stage a link reached, since when, whether it waits on someone, and the next step in plain words. */
export function onboardingState(link: OnboardingLink, progress: AccountProgress): OnboardingState {
  if (link.status === 'PENDING') {
    return {
      stage: 'link_created',
      since: link.createdAt,
      stuck: true,
      nextStep: 'Waiting for the owner to open the link and give consent. If they did not get it, send the link again.',
    };
  }
  if (link.status === 'EXPIRED') {
    return {
      stage: 'link_expired',
      since: link.expiresAt,
      stuck: true,
      nextStep: 'The link expired before the owner finished. Create a new link and send it to them again.',
    };
  }
  if (link.status === 'FAILED') {
    return {
      stage: 'consent_refused',
      since: link.completedAt ?? link.createdAt,
      stuck: true,
      nextStep: `The owner did not give consent${link.errorCode ? ` (${link.errorCode})` : ''}. Ask them whether they meant to, then send a new link.`,
    };
  }
  const confirmedAt = link.completedAt ?? link.createdAt;
  if (!progress || progress.vehicleCount === 0) {
    return {
      stage: 'account_confirmed',
      since: confirmedAt,
      stuck: true,
      nextStep: progress
        ? 'The account is connected but shows no vehicle yet. Ask the owner to check the vehicle is in their manufacturer app.'
        : 'The account is connected; its vehicles could not be checked just now. Reload the page to try again.',
    };
  }
  const disconnected = progress.connection?.status === 'DISCONNECTED' ? progress.connection : null;
  // Data after the disconnection, or this link's consent after it (a reconnection), means it is connected again.
  const after = (t: string | null) => t !== null && Date.parse(t) > Date.parse(disconnected!.at);
  if (disconnected && !after(progress.telemetryAt) && !after(link.completedAt)) {
    return {
      stage: 'vehicle_disconnected',
      since: disconnected.at,
      stuck: true,
      nextStep:
        'The Vehicle API reported the vehicle disconnected. Ask the owner whether they withdrew consent or removed the vehicle from their manufacturer account; this moves on by itself once it reconnects.',
    };
  }
  if (!progress.telemetryAt) {
    return {
      stage: 'vehicles_appeared',
      since: confirmedAt,
      stuck: true,
      nextStep:
        'The vehicle is connected but has sent no data yet. Ask the owner to enable remote access in the manufacturer app and wake the vehicle.',
    };
  }
  return { stage: 'first_telemetry', since: progress.telemetryAt, stuck: false, nextStep: 'Nothing to do: the vehicle sends data.' };
}

/** Whether a stuck item has waited longer than `hours`. */
export function stuckLongerThan(state: Pick<OnboardingState, 'stuck' | 'since'>, hours: number, now = Date.now()): boolean {
  return state.stuck && now - Date.parse(state.since) > hours * 3_600_000;
}

/** The newest time any block of a telemetry payload carries, or null. */
export function latestTelemetryTime(telemetry: unknown): string | null {
  let latest: number | null = null;
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    for (const [key, item] of Object.entries(value)) {
      if (key === 'timestamp' && typeof item === 'string' && !Number.isNaN(Date.parse(item))) {
        latest = Math.max(latest ?? 0, Date.parse(item));
      } else if (item && typeof item === 'object') visit(item);
    }
  };
  visit(telemetry);
  return latest === null ? null : new Date(latest).toISOString();
}

export type LinkOnboardingItem = OnboardingState & {
  kind: 'link';
  linkId: string;
  createdAt: string;
  createdBy: string | null;
  mode: 'account' | 'vehicle';
  makes: string[];
  vin: string | null;
  accountId: string | null;
  vehicleCount: number | null;
  /** A reconnection: the account whose connection this link renews. */
  reconnectsAccountId: string | null;
};

/** A bulk VIN list: its eligibility check and the connection requests sent from it. */
export type VinListOnboardingItem = VinListState & {
  kind: 'vin_list';
  checkId: string;
  label: string | null;
  vinCount: number;
  createdAt: string;
  createdBy: string | null;
};

export type OnboardingItem = LinkOnboardingItem | VinListOnboardingItem;
