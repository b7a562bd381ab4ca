/** What ⌘K receives from the server: a few vehicles and accounts matching the typed text. */
export type ConsoleSearchResult = {
  vehicles: { id: string; vin: string | null; make: string | null; model: string | null; registrationPlate: string | null }[];
  accounts: { id: string; username: string | null }[];
  /** Set when the accounts could not be searched (the upstream failed); the vehicles still show. */
  accountsError?: string;
};

/** At most this many of each kind: a palette, not a list. */
export const SEARCH_LIMIT = 8;
