'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { Button, SubmitButton } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Field, inputClass, PlaceholderLabelInput, SelectField, FormError } from '@/components/ui/field';
import { formField } from '@/components/ui/form-field';
import type { ConsentLinkView } from '@/lib/connect/links';
import { LOCALE_TEXT, REGION_TEXT, SCOPE_TEXT, SUGGESTED_MAKES } from '@/lib/connect/scopes';
import { ApiClientError } from '@/lib/query/api-fetch';
import type { ConnectLinkRequest } from '@/lib/connect/schemas';
import { lazyZodResolver } from '@/lib/validations/lazy-resolver';
import { CONNECT_SCOPES, LOCALES, REGIONS } from '@/lib/contract/connect';
import { useCreateConsentLink } from '@/lib/connect/query';

/** Why no link was created, in words: loaded when a creation fails (its texts stay out of the page's first load). */
const ConnectError = clientLazy(() => import('./connect-error').then((m) => m.ConnectError));

const DEFAULTS: ConnectLinkRequest = { mode: 'account', makes: [], scopes: ['vehicle:all'], region: 'EUROPE', locale: 'en-GB' };
const FIELD_NAMES = ['mode', 'makes', 'scopes', 'region', 'locale', 'countryCode', 'vin', 'model', 'modelYear', 'mailTo'] as const;

function FieldError({ id, message }: { id: string; message?: string }) {
  return (
    <FormError id={id} announce={false}>
      {message}
    </FormError>
  );
}

/** Brands as checkboxes, plus any other brand typed in (the service says whether it supports it). */
function MakesPicker({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const [other, setOther] = useState('');
  const known = new Set<string>(SUGGESTED_MAKES);
  const custom = value.filter((m) => !known.has(m));
  const toggle = (make: string) => onChange(value.includes(make) ? value.filter((m) => m !== make) : [...value, make]);
  const addOther = () => {
    const make = other.trim();
    if (make && !value.some((m) => m.toLowerCase() === make.toLowerCase())) onChange([...value, make]);
    setOther('');
  };
  return (
    <div className="space-y-2">
      <div className="grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-3">
        {SUGGESTED_MAKES.map((make) => (
          <label key={make} className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4" checked={value.includes(make)} onChange={() => toggle(make)} />
            {make}
          </label>
        ))}
      </div>
      {custom.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Other brands">
          {custom.map((make) => (
            <li key={make} className="inline-flex items-center gap-1 rounded-full bg-zinc-100 py-0.5 pr-1 pl-2.5 text-sm dark:bg-zinc-800">
              {make}
              <Button variant="ghost" size="icon-xs" aria-label={`Remove ${make}`} onClick={() => toggle(make)}>
                <X aria-hidden className="h-3.5 w-3.5" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex max-w-sm gap-2">
        <PlaceholderLabelInput
          id="connect-other-make"
          label="Another brand"
          maxLength={50}
          value={other}
          onChange={(e) => setOther(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              addOther();
            }
          }}
        />
        <Button variant="secondary" className="shrink-0 whitespace-nowrap" onClick={addOther} disabled={!other.trim()}>
          <Plus aria-hidden className="h-4 w-4" /> Add brand
        </Button>
      </div>
    </div>
  );
}

/** The schema is the route's own; it is imported on the first submit. */
const connectLinkResolver = lazyZodResolver(() => import('@/lib/connect/schemas').then((m) => m.connectLinkSchema));

/** The consent link form; the same schema validates it in the route. */
export function ConnectForm({
  org,
  initial,
  onCreated,
  withMail = false,
}: {
  org: string;
  /** Values of an earlier link to start from (Reconnect); the defaults otherwise. */
  initial?: ConnectLinkRequest;
  onCreated: (link: ConsentLinkView) => void;
  /** Offers to e-mail the new link to the owner in the same step (a reconnection, where the address may be known). */
  withMail?: boolean;
}) {
  const create = useCreateConsentLink(org);
  const form = useForm<ConnectLinkRequest>({ resolver: connectLinkResolver, defaultValues: initial ?? DEFAULTS });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const vin = useWatch({ control: form.control, name: 'vin' }) ?? '';
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    create.reset();
    create.mutate(values.mode === 'vehicle' ? values : { ...values, vin: undefined, model: undefined, modelYear: undefined }, {
      onSuccess: ({ link, mailError }) => {
        if (mailError) toast.error(`Consent link created, but not e-mailed: ${mailError}`);
        else if (link.mailedTo) toast.success(`Consent link created and e-mailed to ${link.mailedTo}. It is valid for one hour.`);
        else toast.success('Consent link created. It is valid for one hour.');
        onCreated(link);
      },
      onError: (error) => {
        if (error instanceof ApiClientError && error.fields) {
          for (const [field, messages] of Object.entries(error.fields)) {
            const name = FIELD_NAMES.find((n) => field === n || field.startsWith(`${n}.`));
            if (name) form.setError(name, { message: messages[0] });
          }
        }
      },
    });
  });

  return (
    <SectionCard
      id="connect-form-heading"
      bodyClassName=""
      title="New consent link"
      description="The owner opens the link, signs in with the manufacturer and approves what you ask for."
    >
      <form onSubmit={submit} noValidate className="space-y-6" aria-labelledby="connect-form-heading">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">What to connect</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" value="account" className="h-4 w-4" {...form.register('mode')} />
              An owner’s account, with all its vehicles
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" value="vehicle" className="h-4 w-4" {...form.register('mode')} />
              One vehicle, by VIN
            </label>
          </div>
        </fieldset>

        {mode === 'vehicle' ? (
          <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1.2fr)_minmax(0,0.8fr)]">
            <Field
              id="connect-vin"
              label="VIN"
              autoComplete="off"
              spellCheck={false}
              maxLength={17}
              className="[&_input]:font-mono [&_input]:uppercase"
              hint={`${vin.trim().length} of 17 characters · letters I, O and Q never appear in a VIN`}
              {...formField(form, 'vin')}
            />
            <Field id="connect-model" label="Model (optional)" autoComplete="off" {...formField(form, 'model')} />
            <Field
              id="connect-model-year"
              label="Model year (optional)"
              inputMode="numeric"
              autoComplete="off"
              {...formField(form, 'modelYear', { setValueAs: (v: string) => (v === '' || v === undefined ? undefined : Number(v)) })}
            />
          </div>
        ) : null}

        <fieldset className="space-y-2" aria-describedby={errors.makes ? 'connect-makes-error' : 'connect-makes-hint'}>
          <legend className="text-sm font-medium">Brands (optional)</legend>
          <p id="connect-makes-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
            Leave empty to let the owner choose their brand on the consent page.
          </p>
          <Controller
            control={form.control}
            name="makes"
            render={({ field }) => <MakesPicker value={field.value} onChange={field.onChange} />}
          />
          <FieldError
            id="connect-makes-error"
            message={
              errors.makes?.message ??
              errors.makes?.root?.message ??
              (Array.isArray(errors.makes) ? errors.makes.find(Boolean)?.message : undefined)
            }
          />
        </fieldset>

        <fieldset className="space-y-2" aria-describedby={errors.scopes ? 'connect-scopes-error' : undefined}>
          <legend className="text-sm font-medium">Scopes: what the owner allows</legend>
          <div className="grid grid-cols-1 gap-2 md:grid-cols-2">
            {CONNECT_SCOPES.map((scope) => (
              <label
                key={scope}
                className="flex items-start gap-3 rounded-md border border-zinc-200 p-3 text-sm has-[:checked]:border-accent-500 has-[:checked]:bg-accent-50 dark:border-zinc-800 dark:has-[:checked]:bg-zinc-800"
              >
                <input
                  type="checkbox"
                  value={scope}
                  className="mt-0.5 h-4 w-4 shrink-0"
                  aria-describedby={`scope-${scope}-text`}
                  {...form.register('scopes')}
                />
                <span className="min-w-0">
                  <span className="block font-medium">
                    {SCOPE_TEXT[scope].label}{' '}
                    <span className="font-mono text-xs font-normal text-zinc-600 dark:text-zinc-400">{scope}</span>
                  </span>
                  <span id={`scope-${scope}-text`} className="block text-zinc-600 dark:text-zinc-400">
                    {SCOPE_TEXT[scope].allows}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id="connect-scopes-error" message={errors.scopes?.message ?? errors.scopes?.root?.message} />
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField id="connect-region" label="Region of the owner’s account" {...formField(form, 'region')}>
            {REGIONS.map((region) => (
              <option key={region} value={region}>
                {REGION_TEXT[region]}
              </option>
            ))}
          </SelectField>
          <SelectField id="connect-locale" label="Language of the consent pages" {...formField(form, 'locale')}>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {LOCALE_TEXT[locale]} ({locale})
              </option>
            ))}
          </SelectField>
          <div className="space-y-1">
            <label htmlFor="connect-country" className="block text-sm font-medium">
              Country of registration (optional)
            </label>
            <input
              id="connect-country"
              className={inputClass}
              maxLength={2}
              autoComplete="off"
              placeholder="DE"
              aria-describedby={errors.countryCode ? 'connect-country-error' : 'connect-country-hint'}
              aria-invalid={errors.countryCode ? true : undefined}
              {...form.register('countryCode')}
            />
            <p id="connect-country-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
              The Vehicle API has no registration country per vehicle: it uses this one for the account&apos;s specifications.
            </p>
            <FieldError id="connect-country-error" message={errors.countryCode?.message} />
          </div>
        </div>

        {withMail ? (
          <Field
            id="connect-mail-to"
            label="E-mail the link to the owner (optional)"
            type="email"
            autoComplete="off"
            hint="Sent in the owner’s language as soon as the link is created. Leave empty to copy the link yourself."
            {...formField(form, 'mailTo')}
          />
        ) : null}

        {create.isError && !(create.error instanceof ApiClientError && create.error.code === 'VALIDATION_FAILED') ? (
          <ConnectError error={create.error} />
        ) : null}

        <div className={cn('flex flex-wrap items-center gap-3')}>
          <SubmitButton pending={create.isPending} pendingLabel="Creating…">
            Create consent link
          </SubmitButton>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            The owner comes back to Motorpool’s landing page when done. Links are valid for one hour.
          </p>
        </div>
      </form>
    </SectionCard>
  );
}
