'use client';

import { useEffect, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useCan } from '@/components/layout/session-role';
import { Button, SubmitButton } from '@/components/ui/button';
import { Field, FormError } from '@/components/ui/field';
import { formField } from '@/components/ui/form-field';
import { QuerySectionCard } from '@/components/ui/query-state';
import { toast } from '@/components/ui/toast';
import type { OwnerFaceSettingsView } from '@/lib/connect/face-schemas';
import { useOwnerFace, useSaveOwnerFace } from '@/lib/connect/owner-query';
import { checkLogo, LOGO_TYPES, MAX_LOGO_BYTES } from '@/lib/connect/logo-check';
import { ApiClientError } from '@/lib/query/api-fetch';
import { lazyZodResolver } from '@/lib/validations/lazy-resolver';

const faceResolver = lazyZodResolver(() => import('@/lib/connect/face-schemas').then((m) => m.ownerFaceSchema));

type FaceForm = { displayName: string; supportEmail: string; supportPhone: string; privacyUrl: string };
/** The logo to send: a new image (base64 and a preview), null to remove, undefined to keep. */
type LogoChange = { base64: string; preview: string } | null | undefined;

/** Where owners reach the organization, shown on their landing page. */
const CONTACT_FIELDS = [
  { name: 'supportEmail', id: 'ownerFaceEmail', label: 'Support e-mail', type: 'email', autoComplete: 'off' },
  { name: 'supportPhone', id: 'ownerFacePhone', label: 'Support phone', type: 'tel', autoComplete: 'off' },
  {
    name: 'privacyUrl',
    id: 'ownerFacePrivacy',
    label: 'Privacy-notice address',
    type: 'url',
    placeholder: 'https://',
    hint: 'An https:// page explaining how your organization uses the vehicle data.',
  },
] as const;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Settings → What vehicle owners see: the organization's face on the landing page after consent. */
export function OwnerFacePanel({ org }: { org: string }) {
  const face = useOwnerFace(org);
  return (
    <QuerySectionCard
      id="owner-face-heading"
      title="What vehicle owners see"
      description="The name, logo and contacts on the page owners land on after giving consent, in their language."
      query={face}
      loading="Loading what owners see"
    >
      {(data) => <OwnerFaceForm org={org} face={data} />}
    </QuerySectionCard>
  );
}

function OwnerFaceForm({ org, face }: { org: string; face: OwnerFaceSettingsView }) {
  const canWrite = useCan('settings.write');
  const save = useSaveOwnerFace(org);
  const values = {
    displayName: face.displayName,
    supportEmail: face.supportEmail,
    supportPhone: face.supportPhone,
    privacyUrl: face.privacyUrl,
  };
  const form = useForm<FaceForm>({ resolver: faceResolver, defaultValues: values });
  const [logo, setLogo] = useState<LogoChange>(undefined);
  const [logoError, setLogoError] = useState<string | undefined>();
  useEffect(() => () => (logo ? URL.revokeObjectURL(logo.preview) : undefined), [logo]);

  const pickLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const check = checkLogo(bytes);
    if (!check.ok) {
      setLogoError(check.problem);
      return;
    }
    setLogoError(undefined);
    setLogo({ base64: toBase64(bytes), preview: URL.createObjectURL(new Blob([bytes], { type: check.type })) });
  };

  const submit = (input: FaceForm) =>
    save.mutate(
      { ...input, logo: logo === undefined ? undefined : (logo?.base64 ?? null) },
      {
        onSuccess: (saved) => {
          toast.success('Saved: owners see this from their next visit.');
          setLogo(undefined);
          form.reset({
            displayName: saved.displayName,
            supportEmail: saved.supportEmail,
            supportPhone: saved.supportPhone,
            privacyUrl: saved.privacyUrl,
          });
        },
        onError: (error) => {
          if (error instanceof ApiClientError && error.fields) {
            for (const [field, messages] of Object.entries(error.fields)) {
              if (field === 'logo') setLogoError(messages[0]);
              else form.setError(field as keyof FaceForm, { message: messages[0] });
            }
          }
          toast.error(error.message);
        },
      },
    );

  const shownLogo = logo === undefined ? face.logoUrl : (logo?.preview ?? null);

  if (!canWrite) {
    return (
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-zinc-600 dark:text-zinc-400">Name shown</dt>
        <dd>{face.displayName || face.organizationName}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Support</dt>
        <dd className="break-all">{[face.supportEmail, face.supportPhone].filter(Boolean).join(', ') || 'none'}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Privacy notice</dt>
        <dd className="break-all">{face.privacyUrl || 'none'}</dd>
      </dl>
    );
  }

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-3">
      <Field
        id="ownerFaceName"
        label="Display name"
        placeholder={face.organizationName}
        hint={`Empty: owners see “${face.organizationName}”.`}
        {...formField(form, 'displayName')}
      />
      <div className="space-y-2">
        <p className="text-sm font-medium">Logo</p>
        <div className="flex flex-wrap items-center gap-3">
          {shownLogo ? (
            // eslint-disable-next-line @next/next/no-img-element -- a same-origin or local preview, sized here
            <img
              src={shownLogo}
              alt="Current logo"
              className="h-12 max-w-40 rounded border border-zinc-200 object-contain p-1 dark:border-zinc-700"
            />
          ) : (
            <span className="text-sm text-zinc-600 dark:text-zinc-400">No logo</span>
          )}
          <label className="cursor-pointer rounded-md border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 focus-within:ring-2 focus-within:ring-accent-600 dark:border-zinc-700 dark:hover:bg-zinc-800">
            Choose an image
            <input
              id="ownerFaceLogo"
              type="file"
              accept={LOGO_TYPES.join(',')}
              className="sr-only"
              aria-describedby="ownerFaceLogo-hint"
              aria-invalid={logoError ? true : undefined}
              onChange={(event) => void pickLogo(event)}
            />
          </label>
          {shownLogo ? (
            <Button variant="secondary" size="sm" onClick={() => setLogo(null)}>
              Remove logo
            </Button>
          ) : null}
        </div>
        <p id="ownerFaceLogo-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
          PNG, JPEG or WebP, at most {MAX_LOGO_BYTES / 1024} KB. SVG is not accepted.
        </p>
        <FormError>{logoError}</FormError>
      </div>
      {CONTACT_FIELDS.map(({ name, ...field }) => (
        <Field key={name} {...field} {...formField(form, name)} />
      ))}
      <SubmitButton pending={save.isPending} pendingLabel="Saving…">
        Save what owners see
      </SubmitButton>
    </form>
  );
}
