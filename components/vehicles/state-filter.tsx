'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import type { StateFilters } from '@/lib/fleet/state-filters';
import { convertPressure, PRESSURE_LABEL, pressureToKpa } from '@/lib/format/units';
import { usePreferences } from '@/lib/hooks/use-preferences';

const toNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);

/** Filters on what each vehicle last reported (the fleet snapshot), combined with the other filters. */
export function StateFilter({ filters, onApply }: { filters: StateFilters; onApply: (filters: StateFilters) => void }) {
  const [soc, setSoc] = useState(filters.socBelow?.toString() ?? '');
  const [stale, setStale] = useState(filters.staleHours?.toString() ?? '');
  // The URL holds kPa; the person types in their own unit.
  const { pressure } = usePreferences();
  const shownTires = convertPressure(filters.tiresBelow, pressure);
  const [tires, setTires] = useState(shownTires === null ? '' : String(Math.round(shownTires)));
  const [health, setHealth] = useState(filters.healthBelow?.toString() ?? '');
  const [charging, setCharging] = useState(Boolean(filters.charging));
  const [plugged, setPlugged] = useState(Boolean(filters.pluggedIn));
  const [alerts, setAlerts] = useState(Boolean(filters.withAlerts));
  const kpaOf = (value: number | undefined) => (value === undefined ? undefined : Math.round(pressureToKpa(value, pressure)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      socBelow: toNumber(soc),
      staleHours: toNumber(stale),
      tiresBelow: kpaOf(toNumber(tires)),
      healthBelow: toNumber(health),
      charging,
      pluggedIn: plugged,
      withAlerts: alerts,
    });
  };
  return (
    <form onSubmit={submit} aria-label="State filter" className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <Field
          id="state-soc"
          label="Charge below (%)"
          compact
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          className="w-36"
          value={soc}
          onChange={(e) => setSoc(e.target.value)}
        />
        <Field
          id="state-stale"
          label="Not reported for (h)"
          compact
          type="number"
          inputMode="numeric"
          min={1}
          max={8760}
          className="w-36"
          value={stale}
          onChange={(e) => setStale(e.target.value)}
        />
        <Field
          id="state-tires"
          label={`A tire below (${PRESSURE_LABEL[pressure]})`}
          compact
          type="number"
          inputMode="numeric"
          min={pressure === 'psi' ? 8 : 50}
          max={pressure === 'psi' ? 72 : 500}
          className="w-36"
          value={tires}
          onChange={(e) => setTires(e.target.value)}
        />
        <Field
          id="state-health"
          label="Battery health below (%)"
          compact
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          className="w-44"
          value={health}
          onChange={(e) => setHealth(e.target.value)}
        />
      </div>
      <div className="flex flex-wrap items-center gap-4 text-sm">
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" checked={charging} onChange={(e) => setCharging(e.target.checked)} />
          Charging now
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" checked={plugged} onChange={(e) => setPlugged(e.target.checked)} />
          Plugged in
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" checked={alerts} onChange={(e) => setAlerts(e.target.checked)} />
          Has open alerts
        </label>
        <Button type="submit" size="md" variant="secondary">
          Filter by state
        </Button>
      </div>
    </form>
  );
}
