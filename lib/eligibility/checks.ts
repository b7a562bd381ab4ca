/** What the browser sees of a kept check. */
export type EligibilityCheckView = {
  id: string;
  upstreamId: string;
  label: string | null;
  vinCount: number;
  status: string;
  counts: Record<string, number>;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
};
