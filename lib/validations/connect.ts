import { z } from 'zod';
import { CONNECT_SCOPES, LOCALES, REGIONS } from '@/lib/vehicle-api/contract';
import { vinProblem } from './vin';

export const CONNECT_MODES = ['account', 'vehicle'] as const;
export type ConnectMode = (typeof CONNECT_MODES)[number];

const THIS_YEAR = new Date().getFullYear();

/**
 * A consent link request, from the form and again in the route. The return URL is not here on
 * purpose: Motorpool sets it to its own landing page, never from input.
 */
export const connectLinkSchema = z
  .object({
    mode: z.enum(CONNECT_MODES, { message: 'Choose whether to connect an account or one vehicle.' }),
    makes: z.array(z.string().trim().min(1, 'A brand name cannot be empty.').max(50, 'A brand name has at most 50 characters.')).max(20, 'Choose at most 20 brands.'),
    scopes: z.array(z.enum(CONNECT_SCOPES, { message: 'Unknown scope.' })).min(1, 'Choose at least one scope.'),
    region: z.enum(REGIONS, { message: 'Choose Europe or North America.' }),
    locale: z.enum(LOCALES, { message: 'Choose the language of the consent pages.' }),
    vin: z.string().trim().toUpperCase().optional(),
    model: z.string().trim().max(100, 'The model has at most 100 characters.').optional(),
    modelYear: z
      .number({ message: 'The model year is a year such as 2024.' })
      .int('The model year is a whole year such as 2024.')
      .min(1980, 'The model year is 1980 or later.')
      .max(THIS_YEAR + 2, `The model year is ${THIS_YEAR + 2} or earlier.`)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.mode !== 'vehicle') return;
    const problem = vinProblem(value.vin ?? '');
    if (problem) ctx.addIssue({ code: 'custom', path: ['vin'], message: problem });
  });
export type ConnectLinkInput = z.input<typeof connectLinkSchema>;
export type ConnectLinkRequest = z.output<typeof connectLinkSchema>;

export const CONSENT_LINK_FILTERS = ['PENDING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const;
export const consentLinkListQuerySchema = z.object({ status: z.enum(CONSENT_LINK_FILTERS).optional() });
export const consentLinkParamsSchema = z.object({ org: z.string(), linkId: z.uuid({ message: 'Not a valid link id' }) });
