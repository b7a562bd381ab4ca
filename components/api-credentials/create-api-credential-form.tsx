'use client';

import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { SubmitButton } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { SecretShownOnce } from '@/components/ui/secret-shown-once';
import { Field, SelectField } from '@/components/ui/field';
import { formField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { API_SCOPE_PRESETS, PERMISSIONS, type ApiCredentialScope, type Permission } from '@/lib/auth/permissions';
import { useCreateApiCredential } from '@/lib/api-credentials/query';
import { DEFAULT_RATE_PER_MINUTE } from '@/lib/api-credentials/api-credential';
import type { CreateApiCredentialInput } from '@/lib/api-credentials/schemas';
import { ApiClientError } from '@/lib/query/api-fetch';

const EXPIRY_DAYS = { never: null, '30': 30, '90': 90, '365': 365 } as const;
type Expiry = keyof typeof EXPIRY_DAYS;

type FormValues = { name: string; scope: ApiCredentialScope; expiry: Expiry; allowedAddresses: string; ratePerMinute: string };

const SCOPE_LABELS: Record<ApiCredentialScope, string> = {
  read: 'Read-only',
  manage: 'Manager actions',
  custom: 'Custom permissions',
};

/** The form's values as the route takes them (the route validates them again, with the same schema). */
function toInput(values: FormValues, permissions: readonly Permission[]): CreateApiCredentialInput {
  const days = EXPIRY_DAYS[values.expiry];
  return {
    name: values.name,
    scope: values.scope,
    permissions: values.scope === 'custom' ? [...permissions] : undefined,
    expiresAt: days === null ? null : new Date(Date.now() + days * 86_400_000).toISOString(),
    allowedAddresses: values.allowedAddresses
      .split(/[\s,]+/)
      .map((entry) => entry.trim())
      .filter(Boolean),
    ratePerMinute: Number(values.ratePerMinute),
  };
}

/** An admin's form for a new console API credential, then its secret, shown this once. */
export function CreateApiCredentialForm({ org }: { org: string }) {
  const create = useCreateApiCredential(org);
  const [permissions, setPermissions] = useState<Permission[]>([]);
  // In memory only, for this one view: the secret is never fetched again.
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const form = useForm<FormValues>({
    defaultValues: { name: '', scope: 'read', expiry: '90', allowedAddresses: '', ratePerMinute: String(DEFAULT_RATE_PER_MINUTE) },
  });
  const scope = useWatch({ control: form.control, name: 'scope' });

  const submit = (values: FormValues) =>
    create.mutate(toInput(values, permissions), {
      onSuccess: (result) => {
        setCreated({ name: result.credential.name, secret: result.secret });
        toast.success(`API credential ${result.credential.name} created.`);
        form.reset();
        setPermissions([]);
      },
      onError: (error) => {
        for (const [path, messages] of Object.entries(error instanceof ApiClientError ? (error.fields ?? {}) : {})) {
          const field = path.split('.')[0] as keyof FormValues;
          if (field in form.getValues()) form.setError(field, { message: messages[0] });
        }
        toast.error(error.message);
      },
    });
  const toggle = (permission: Permission, on: boolean) =>
    setPermissions((current) => (on ? [...current, permission] : current.filter((p) => p !== permission)));

  return (
    <div className="space-y-3">
      {created ? (
        <SecretShownOnce secret={created.secret} testId="api-credential-secret" onDone={() => setCreated(null)}>
          <p className="font-semibold">Secret of {created.name}</p>
          <p>Copy it into the program’s secret store now: it is shown only this once. Send it as “Authorization: Bearer …”.</p>
        </SecretShownOnce>
      ) : null}
      <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-3" aria-labelledby="new-api-credential-heading">
        <h3 id="new-api-credential-heading" className="text-sm font-semibold">
          New credential
        </h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="api-credential-name" label="Name" autoComplete="off" placeholder="Nightly tagger" {...formField(form, 'name')} />
          <SelectField id="api-credential-scope" label="Scope" {...formField(form, 'scope')}>
            {Object.entries(SCOPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <SelectField id="api-credential-expiry" label="Expires" {...formField(form, 'expiry')}>
            <option value="30">In 30 days</option>
            <option value="90">In 90 days</option>
            <option value="365">In a year</option>
            <option value="never">Never</option>
          </SelectField>
          <Field
            id="api-credential-rate"
            label="Requests a minute"
            type="number"
            inputMode="numeric"
            min={1}
            max={6000}
            {...formField(form, 'ratePerMinute')}
          />
        </div>
        <Field
          id="api-credential-addresses"
          label="Allowed addresses"
          autoComplete="off"
          placeholder="203.0.113.0/24, 2001:db8::/32"
          hint="Addresses or CIDR blocks, separated by commas or spaces. Empty: any address."
          {...formField(form, 'allowedAddresses')}
        />
        {scope === 'custom' ? (
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium">Permissions</legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {PERMISSIONS.map((permission) => (
                <Checkbox
                  key={permission}
                  label={<span className="font-mono text-xs">{permission}</span>}
                  checked={permissions.includes(permission)}
                  onCheckedChange={(on) => toggle(permission, on)}
                />
              ))}
            </div>
          </fieldset>
        ) : (
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Grants {API_SCOPE_PRESETS[scope].join(', ')}. Members, settings and credentials need a custom scope naming them.
          </p>
        )}
        <SubmitButton pending={create.isPending} pendingLabel="Creating…">
          Create credential
        </SubmitButton>
      </form>
    </div>
  );
}
