import * as z from '@/lib/validations/zod';
import { CONSENT_LINK_FILTERS } from '@/lib/connect/link-filters';
import { CONNECT_SCOPES, LOCALES, REGIONS } from '@/lib/contract/vehicle-api';
import { toVendorMake, UNKNOWN_MAKE_MESSAGE } from '@/lib/contract/makes';
import { countryCodeProblem } from '@/lib/eligibility/country-codes';
import { vinProblem } from '@/lib/validations/vin';
import { upstreamId } from '@/lib/validations/route-params';
import { mailLinkSchema } from '@/lib/connect/mail-schemas';

export const CONNECT_MODES = ['account', 'vehicle'] as const;

const THIS_YEAR = new Date().getFullYear();

/**
 * A consent link request, from the form and again in the route. The return URL is not here on
 * purpose: Motorpool sets it to its own landing page, never from input.
 */
export const connectLinkSchema = z
  .object({
    mode: z.enum(CONNECT_MODES, { message: 'Choose whether to connect an account or one vehicle.' }),
    makes: z
      .array(
        z.string().check(
          z.trim(),
          z.minLength(1, 'A brand name cannot be empty.'),
          z.maxLength(50, 'A brand name has at most 50 characters.'),
          z.refine((make) => toVendorMake(make) !== null, { message: UNKNOWN_MAKE_MESSAGE }),
        ),
      )
      .check(z.maxLength(20, 'Choose at most 20 brands.')),
    scopes: z.array(z.enum(CONNECT_SCOPES, { message: 'Unknown scope.' })).check(z.minLength(1, 'Choose at least one scope.')),
    region: z.enum(REGIONS, { message: 'Choose Europe or North America.' }),
    locale: z.enum(LOCALES, { message: 'Choose the language of the consent pages.' }),
    // [V] The service has no registration country per vehicle: it takes the account's, given here.
    countryCode: z.optional(
      z.string().check(
        z.trim(),
        z.toUpperCase(),
        z.refine((code) => code === '' || countryCodeProblem(code) === null, {
          message: 'The country is a two-letter ISO 3166 code such as DE or GB.',
        }),
      ),
    ),
    vin: z.optional(z.string().check(z.trim(), z.toUpperCase())),
    model: z.optional(z.string().check(z.trim(), z.maxLength(100, 'The model has at most 100 characters.'))),
    modelYear: z.optional(
      z
        .number({ message: 'The model year is a year such as 2024.' })
        .check(
          z.int('The model year is a whole year such as 2024.'),
          z.gte(1980, 'The model year is 1980 or later.'),
          z.lte(THIS_YEAR + 2, `The model year is ${THIS_YEAR + 2} or earlier.`),
        ),
    ),
    /** A reconnection: the account (and vehicle) whose connection the new link renews; the onboarding page follows it. */
    reconnectsAccountId: z.optional(upstreamId),
    reconnectsVehicleId: z.optional(upstreamId),
    /** Also e-mail the new link to the owner at this address, in one step (empty: do not). */
    mailTo: z.optional(z.union([z.literal(''), mailLinkSchema.shape.to])),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.mode !== 'vehicle') return;
      const problem = vinProblem(value.vin ?? '');
      if (problem) ctx.addIssue({ code: 'custom', path: ['vin'], message: problem });
    }),
  );
export type ConnectLinkRequest = z.output<typeof connectLinkSchema>;

export const consentLinkListQuerySchema = z.object({ status: z.optional(z.enum(CONSENT_LINK_FILTERS)) });
export type ConsentLinkListQuery = z.infer<typeof consentLinkListQuerySchema>;
export const consentLinkParamsSchema = z.object({ org: z.string(), linkId: z.uuid({ message: 'Not a valid link id' }) });
