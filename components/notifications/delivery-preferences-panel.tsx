'use client';

import { useMemo, useState, type FormEvent } from 'react';
import { SectionCard } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, FormSubmit, SelectField } from '@/components/ui/field';
import { ErrorState, LoadingRows } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { browserTimeZone, supportedTimeZones } from '@/lib/format/time';
import { useInBrowser } from '@/lib/hooks/use-in-browser';
import { DEFAULT_DELIVERY, URGENT_WORDS, type DeliveryPreferences } from '@/lib/notifications/delivery-timing';
import { useDeliveryPreferences, useSaveDeliveryPreferences } from '@/lib/notifications/query';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const QUIET_BOUNDS = [
  { key: 'quietStart', label: 'From' },
  { key: 'quietEnd', label: 'Until' },
] as const;

function DeliveryForm({ initial, saved }: { initial: DeliveryPreferences; saved: boolean }) {
  const save = useSaveDeliveryPreferences();
  const inBrowser = useInBrowser();
  const [value, setValue] = useState(initial);
  const [quiet, setQuiet] = useState(initial.quietStart !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const zones = useMemo(() => {
    const known = inBrowser ? supportedTimeZones() : [];
    return known.includes(value.timeZone) ? known : [value.timeZone, ...known];
  }, [inBrowser, value.timeZone]);
  const set = (changes: Partial<DeliveryPreferences>) => setValue((current) => ({ ...current, ...changes }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { ...value, quietStart: quiet ? value.quietStart : null, quietEnd: quiet ? value.quietEnd : null };
    const { deliveryPreferencesSchema } = await import('@/lib/notifications/schemas');
    const parsed = deliveryPreferencesSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onSuccess: () => toast.success('Your notification e-mail settings are saved.') });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Notification e-mail">
      <SelectField
        id="delivery-timeZone"
        label="Time zone for quiet hours and digests"
        value={value.timeZone}
        error={errors.timeZone}
        onChange={(e) => set({ timeZone: e.target.value })}
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </SelectField>
      {!saved ? <p className="text-sm text-zinc-600 dark:text-zinc-400">Proposed from this browser; saved when you save.</p> : null}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Quiet hours</legend>
        <Checkbox
          block
          label="Hold e-mail during quiet hours"
          hint="What arrives then is sent as one digest when they end."
          checked={quiet}
          onCheckedChange={(on) => {
            setQuiet(on);
            if (on && value.quietStart === null) set({ quietStart: '22:00', quietEnd: '07:00' });
          }}
        />
        {quiet ? (
          <div className="grid grid-cols-2 gap-4">
            {QUIET_BOUNDS.map(({ key, label }) => (
              <Field
                key={key}
                id={`delivery-${key}`}
                label={label}
                type="time"
                value={value[key] ?? ''}
                error={errors[key]}
                onChange={(e) => set({ [key]: e.target.value || null })}
              />
            ))}
          </div>
        ) : null}
        <Checkbox
          block
          label="Urgent notifications still come during quiet hours"
          hint={URGENT_WORDS}
          checked={value.urgentDuringQuiet}
          onCheckedChange={(on) => set({ urgentDuringQuiet: on })}
        />
      </fieldset>
      <div className="grid grid-cols-[repeat(auto-fit,minmax(11rem,1fr))] gap-4">
        <SelectField
          id="delivery-digest"
          label="Digest of non-urgent e-mail"
          value={value.digest}
          error={errors.digest}
          onChange={(e) => set({ digest: e.target.value as DeliveryPreferences['digest'] })}
        >
          <option value="off">Off: each e-mail at once</option>
          <option value="hourly">Hourly</option>
          <option value="daily">Daily</option>
        </SelectField>
        {value.digest === 'daily' ? (
          <SelectField
            id="delivery-digestHour"
            label="Daily at"
            value={value.digestHour}
            error={errors.digestHour}
            onChange={(e) => set({ digestHour: Number(e.target.value) })}
          >
            {HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {hourLabel(hour)}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>
      <FormSubmit failure={save.error?.message ?? null} pending={save.isPending}>
        Save notification e-mail
      </FormSubmit>
    </form>
  );
}

/** When the member's notification e-mail arrives: quiet hours and digests in their time zone. The inbox always gets everything at once. */
export function DeliveryPreferencesPanel() {
  const delivery = useDeliveryPreferences();
  const inBrowser = useInBrowser();
  return (
    <SectionCard
      id="notification-delivery"
      title="Your notification e-mail"
      description="Yours alone, in every organization. The console’s inbox always receives everything at once."
    >
      {delivery.isError ? (
        <ErrorState title="Your settings could not be read" error={delivery.error} onRetry={() => void delivery.refetch()} />
      ) : delivery.isPending || !inBrowser ? (
        <LoadingRows label="Loading your notification e-mail settings" rows={3} />
      ) : (
        <DeliveryForm
          initial={delivery.data.preferences ?? { ...DEFAULT_DELIVERY, timeZone: browserTimeZone() }}
          saved={delivery.data.saved}
        />
      )}
    </SectionCard>
  );
}
