'use client';

import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { SectionCard } from '@/components/ui/card';
import { FormSubmit, SelectField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { browserTimeZone, supportedTimeZones } from '@/lib/format/time';
import type { Preferences } from '@/lib/format/preferences';
import { useInBrowser } from '@/lib/hooks/use-in-browser';
import { usePreferences } from '@/lib/hooks/use-preferences';
import { ApiClientError } from '@/lib/query/api-fetch';
import { savePreferences } from '@/lib/profile/query';
import { lazyZodResolver } from '@/lib/validations/lazy-resolver';

const resolver = lazyZodResolver<Preferences, Preferences>(() => import('@/lib/profile/schemas').then((m) => m.preferencesSchema));

const CHOICES = [
  {
    name: 'distance',
    label: 'Distance',
    options: [
      ['km', 'Kilometres (km)'],
      ['mi', 'Miles (mi)'],
    ],
  },
  {
    name: 'temperature',
    label: 'Temperature',
    options: [
      ['c', 'Celsius (°C)'],
      ['f', 'Fahrenheit (°F)'],
    ],
  },
  {
    name: 'pressure',
    label: 'Tire pressure',
    options: [
      ['kpa', 'Kilopascals (kPa)'],
      ['psi', 'Pounds per square inch (psi)'],
    ],
  },
] as const;

/** The person's own units and time zone: every page and export of theirs follows them. */
export function PreferencesPanel() {
  const { distance, temperature, pressure, timeZone, setPreferences } = usePreferences();
  const inBrowser = useInBrowser();
  // The runtime's zone list differs between server and browser: the server renders the chosen one only.
  const zones = useMemo(() => {
    const known = inBrowser ? supportedTimeZones() : [];
    return timeZone && !known.includes(timeZone) ? [timeZone, ...known] : known;
  }, [inBrowser, timeZone]);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Preferences>({ resolver, defaultValues: { distance, temperature, pressure, timeZone } });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await savePreferences(values);
      setPreferences(saved.preferences);
      form.reset(saved.preferences);
      toast.success('Your units and time zone are saved.');
    } catch (error) {
      setFailure(error instanceof ApiClientError ? error.message : 'Something failed. Try again.');
    }
  });
  return (
    <SectionCard id="preferences" title="Your units and time" description="Yours alone: every page and export you open follows them.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid grid-cols-[repeat(auto-fit,minmax(11rem,1fr))] gap-4">
          {CHOICES.map((choice) => (
            <SelectField key={choice.name} id={`pref-${choice.name}`} label={choice.label} {...form.register(choice.name)}>
              {choice.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
          ))}
        </div>
        <SelectField id="pref-timeZone" label="Time zone" error={form.formState.errors.timeZone?.message} {...form.register('timeZone')}>
          <option value="">This browser’s{inBrowser ? ` (${browserTimeZone()})` : ''}</option>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </SelectField>
        <FormSubmit failure={failure} pending={form.formState.isSubmitting}>
          Save units and time zone
        </FormSubmit>
      </form>
    </SectionCard>
  );
}
