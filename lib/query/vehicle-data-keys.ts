/** Query keys of the vehicle data views; `vehicleDataKeys.all(org, id)` covers every section of one vehicle. */
export const vehicleDataKeys = {
  all: (org: string, vehicleId: string) => ['vehicle-data', org, vehicleId] as const,
  section: (org: string, vehicleId: string, section: string, query = '') => ['vehicle-data', org, vehicleId, section, query] as const,
};

export function vehicleDataPath(org: string, vehicleId: string, section: string, query?: string | URLSearchParams): string {
  const search = query?.toString();
  return `/api/o/${org}/vehicles/${encodeURIComponent(vehicleId)}/${section}${search ? `?${search}` : ''}`;
}
