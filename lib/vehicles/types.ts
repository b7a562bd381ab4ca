import type { EventsNotice } from '@/lib/webhooks/events-silence';
import type { CommandProblemView } from '@/lib/overview/what-happened';
import type { NotificationView } from '@/lib/notifications/inbox';
/** What the fleet routes answer, as the browser reads it (the upstream records, parsed on the server). */
export type VehicleRecord = {
  id: string;
  vin?: string | null;
  make?: string | null;
  model?: string | null;
  trim?: string | null;
  modelYear?: string | number | null;
  registrationPlate?: string | null;
  /** The contract's withdrawn field: the vendor sends none [V]; only the contract profile's sandbox does. */
  registrationCountry?: string | null;
  /** Not the vendor's: the country given when the vehicle's account was connected, when Motorpool knows it. */
  accountCountry?: string | null;
  isListening?: boolean | null;
  listeningLastUpdated?: string | null;
  connectionStatus?: string | null;
  connectionErrorCode?: string | null;
  connectionErrorMessage?: string | null;
  actionCategory?: string | null;
  metadata?: { accountId?: string | null; lastSeenAt?: string | null; registrationDate?: string | null } | null;
  /** Not the vendor's record: the fleet snapshot's battery health (null: the snapshot has not asked yet). */
  batteryHealth?: BatteryHealthCell | null;
};

/**
 * The battery's state of health as the snapshot last read it: `percent` at the vendor's calculation
 * date `at`; `noData` when the service has none yet (a 404: it appears after a qualifying charge);
 * `failed` when the last ask failed (the figure shown is the one read before, if any).
 */
export type BatteryHealthCell = { percent: number | null; at: string | null; noData: boolean; failed: boolean; checkedAt: string | null };

export type AccountRecord = { id: string; username?: string | null };
export type TagRecord = { key: string; value: string };

export type ListPage<T> = { items: T[]; nextPageToken: string | null; totalResults: number | null; requestId?: string };

/** The overview's counts: the fleet from the upstream (cached), the rest from Motorpool's records. */
export type FleetOverview = {
  fleet: {
    accounts: number;
    vehicles: number;
    byBrand: { brand: string; count: number }[];
    listening: { on: number; off: number };
    computedAt: string;
  };
  commands: { since: string; executed: number; failed: number; pending: number; unknown: number };
  /** The newest failed or outcome-unknown commands of the same 24 hours, newest first. */
  problems: CommandProblemView[];
  /** The signed-in member's unread notifications: how many, and the newest. */
  notifications: { unread: number; items: NotificationView[] };
  pendingLinks: number;
  openEligibilityChecks: number;
  /** Set when webhook events stopped arriving (lib/webhooks/events-silence.ts). */
  eventsStopped: EventsNotice | null;
  /** Counts from the fleet snapshot (what the vehicles last reported), with its age. */
  states: SnapshotFigures<string> & { thresholds: { lowChargeBelow: number; staleHours: number; tiresBelow: number } };
};

/**
 * The fleet snapshot's counts by state and the span of its telemetry reads. `At` is how a read time
 * travels: a `Date` from the database (the repository's query is checked against it), ISO text to the browser.
 */
export type SnapshotFigures<At extends Date | string> = {
  vehicles: number;
  read: number;
  charging: number;
  pluggedIn: number;
  lowCharge: number;
  stale: number;
  lowTires: number;
  failing: number;
  /** Marked by an active platform alert pushed by the Vehicle API (`alert.updated`). */
  withAlerts: number;
  /** The oldest and newest telemetry reads. */
  oldestRead: At | null;
  newestRead: At | null;
};

/** The fleet map's data: every vehicle's last position from the snapshot, with its age. */
export type FleetPositions = {
  vehicles: {
    id: string;
    label: string;
    vin: string | null;
    latitude: number | null;
    longitude: number | null;
    locationAt: string | null;
    stateOfCharge: number | null;
    stale: boolean;
  }[];
  /** The oldest read behind the positions. */
  asOf: string | null;
  staleAfterHours: number;
};
