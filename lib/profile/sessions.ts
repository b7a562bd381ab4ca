/** The kind of device a session signed in from, for its icon. */
export type DeviceKind = 'desktop' | 'mobile' | 'tablet' | 'other';

/** One of the person's open sessions, as the account page lists it (never the session's own id). */
export type SignedInSessionView = {
  id: string;
  /** A readable browser and system, such as "Chrome 124 on macOS". */
  device: string;
  deviceKind: DeviceKind;
  /** The client's address at sign-in; null when it was unknown. */
  address: string | null;
  signedInAt: string;
  lastSeenAt: string;
  thisDevice: boolean;
};
