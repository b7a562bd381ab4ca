/** What the owner sees of the organization on the landing page (set by an admin in Settings, all optional but the name). */
export type OwnerFaceView = {
  /** The display name set in Settings, or else the organization's name. */
  name: string;
  /** Same-origin path of the logo, or null. */
  logoUrl: string | null;
  supportEmail: string | null;
  supportPhone: string | null;
  privacyUrl: string | null;
};

/** The public path of a logo: by its random id, which changes with every upload. */
export const logoUrlOf = (logoId: string | null) => (logoId ? `/connect/logo/${logoId}` : null);
