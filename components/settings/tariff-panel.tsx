'use client';

import { useEffect } from 'react';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { useCan } from '@/components/layout/session-role';
import { Button, SubmitButton } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QuerySectionCard } from '@/components/ui/query-state';
import { Field } from '@/components/ui/field';
import { formField } from '@/components/ui/form-field';
import { browserTimeZone } from '@/lib/format/time';
import { ApiClientError } from '@/lib/query/api-fetch';
import { lazyZodResolver } from '@/lib/validations/lazy-resolver';
import { MAX_TARIFF_BANDS, type Tariff, type TariffInput, type TariffView } from '@/lib/settings/tariff';
import { useRemoveTariff, useSaveTariff, useTariff } from '@/lib/settings/query';

const tariffResolver = lazyZodResolver(() => import('@/lib/settings/tariff').then((m) => m.tariffSchema));

const valuesOf = (tariff: TariffView | null): TariffInput =>
  tariff
    ? { currency: tariff.currency, timeZone: tariff.timeZone, pricePerKwh: tariff.pricePerKwh, bands: tariff.bands }
    : { currency: 'EUR', timeZone: browserTimeZone(), pricePerKwh: 0.3, bands: [] };

/** A price per kWh, the flat one or a band's: the same field, to the same four decimals. */
function PriceField({
  id,
  form,
  name,
}: {
  id: string;
  form: UseFormReturn<TariffInput, unknown, Tariff>;
  name: 'pricePerKwh' | `bands.${number}.pricePerKwh`;
}) {
  return (
    <Field
      id={id}
      label="Price per kWh"
      type="number"
      inputMode="decimal"
      step="0.0001"
      min="0"
      {...formField(form, name, { valueAsNumber: true })}
    />
  );
}

/** The organization's charging tariff: what the reports price charged energy with. Admins change it; others read it. */
export function TariffPanel({ org }: { org: string }) {
  const canWrite = useCan('settings.write');
  const tariff = useTariff(org);
  const saveTariff = useSaveTariff(org);
  const removeTariff = useRemoveTariff(org);
  const form = useForm<TariffInput, unknown, Tariff>({ resolver: tariffResolver, defaultValues: valuesOf(null) });
  const bands = useFieldArray({ control: form.control, name: 'bands' });
  const { reset } = form;
  useEffect(() => {
    if (tariff.data) reset(valuesOf(tariff.data.tariff));
  }, [tariff.data, reset]);

  const save = (values: Tariff) =>
    saveTariff.mutate(values, {
      onSuccess: () => toast.success('Tariff saved. Reports price charging sessions with it.'),
      onError: (error) => {
        if (error instanceof ApiClientError && error.fields)
          for (const [name, messages] of Object.entries(error.fields)) form.setError(name as keyof TariffInput, { message: messages[0] });
        toast.error(error.message);
      },
    });

  return (
    <QuerySectionCard
      id="tariff-heading"
      title="Charging tariff"
      description="What a kWh from the grid costs, optionally by time of day in the organization’s time zone: reports price charging sessions with it."
      query={tariff}
      loading="Loading the tariff"
    >
      {(data) =>
        canWrite ? (
          <form onSubmit={form.handleSubmit(save)} noValidate className="space-y-4">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              <Field
                id="tariff-currency"
                label="Currency"
                hint="ISO 4217, such as EUR"
                autoComplete="off"
                {...formField(form, 'currency')}
              />
              <PriceField id="tariff-price" form={form} name="pricePerKwh" />
              <Field id="tariff-zone" label="Time zone" hint="Such as Europe/Berlin" autoComplete="off" {...formField(form, 'timeZone')} />
            </div>
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium">Time-of-day bands</legend>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                Other prices between two local times (a band ending before it starts spans midnight). Outside every band the price above
                applies.
              </p>
              {bands.fields.map((band, i) => (
                <div key={band.id} className="grid grid-cols-[1fr_1fr_1fr_auto] items-end gap-2">
                  <Field id={`tariff-band-${i}-start`} label="From" type="time" {...formField(form, `bands.${i}.start`)} />
                  <Field id={`tariff-band-${i}-end`} label="Until" type="time" {...formField(form, `bands.${i}.end`)} />
                  <PriceField id={`tariff-band-${i}-price`} form={form} name={`bands.${i}.pricePerKwh`} />
                  <Button variant="ghost" size="sm" onClick={() => bands.remove(i)} aria-label={`Remove band ${i + 1}`}>
                    Remove
                  </Button>
                </div>
              ))}
              {bands.fields.length < MAX_TARIFF_BANDS ? (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => bands.append({ start: '22:00', end: '06:00', pricePerKwh: form.getValues('pricePerKwh') || 0 })}
                >
                  Add a band
                </Button>
              ) : null}
            </fieldset>
            <div className="flex flex-wrap gap-2">
              <SubmitButton pending={saveTariff.isPending} pendingLabel="Saving…">
                {data.tariff ? 'Save tariff' : 'Set tariff'}
              </SubmitButton>
              {data.tariff ? (
                <ConfirmDialog
                  trigger={<Button variant="secondary">Remove tariff</Button>}
                  title="Remove the charging tariff?"
                  description={<p>Reports then show energy charged without its cost, until a tariff is set again.</p>}
                  confirmLabel="Remove tariff"
                  onConfirm={() =>
                    removeTariff.mutateAsync(undefined, {
                      onSuccess: () => toast.success('Tariff removed.'),
                      onError: (error) => toast.error(error.message),
                    })
                  }
                />
              ) : null}
            </div>
          </form>
        ) : data.tariff ? (
          <dl className="grid grid-cols-[8rem_1fr] gap-2 text-sm">
            <dt className="text-zinc-600 dark:text-zinc-400">Price per kWh</dt>
            <dd className="tabular-nums">
              {data.tariff.pricePerKwh} {data.tariff.currency}
            </dd>
            {data.tariff.bands.map((band, i) => (
              <div key={i} className="contents">
                <dt className="text-zinc-600 dark:text-zinc-400">
                  {band.start}–{band.end}
                </dt>
                <dd className="tabular-nums">
                  {band.pricePerKwh} {data.tariff?.currency}
                </dd>
              </div>
            ))}
            <dt className="text-zinc-600 dark:text-zinc-400">Time zone</dt>
            <dd>{data.tariff.timeZone}</dd>
          </dl>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            No tariff is set: reports show energy charged without its cost. An admin can set one.
          </p>
        )
      }
    </QuerySectionCard>
  );
}
