/**
 * ─── DATA VIEWS GO HERE ───
 * The vehicle page's lower part belongs to the data-views issue (telemetry, journeys, charging,
 * commands...), which replaces this component with its tabs. The header above stays as it is.
 */
export function VehicleDataViewsSlot() {
  return <section aria-label="Vehicle data" data-slot="vehicle-data-views" className="min-h-8" />;
}
