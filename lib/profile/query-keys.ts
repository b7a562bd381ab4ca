/** Query keys of the signed-in person's own account pages (not of an organization). */
export const profileKeys = {
  sessions: () => ['profile', 'sessions'] as const,
};
