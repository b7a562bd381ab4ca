/** Query keys of the vehicle data views; `vehicleDataKeys.all(org, id)` covers every section of one vehicle. */
export const vehicleDataKeys = {
  all: (org: string, vehicleId: string) => ['vehicle-data', org, vehicleId] as const,
  section: (org: string, vehicleId: string, section: string, query = '') => ['vehicle-data', org, vehicleId, section, query] as const,
  /** Problems of a day range from the URL, found by the schema loaded on demand. */
  dayRangeErrors: (from: string, to: string) => ['day-range-errors', from, to] as const,
};
