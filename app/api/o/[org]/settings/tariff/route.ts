import { withOrg } from '@/lib/bff/with-org';
import { getTariff, removeTariff, saveTariff } from '@/lib/settings/server/charging-tariff';
import { tariffSchema } from '@/lib/settings/tariff';

export const GET = withOrg(({ org }) => getTariff(org), { permission: 'settings.read' });

export const PUT = withOrg(({ org, body }) => saveTariff(org, body), {
  permission: 'settings.write',
  body: tariffSchema,
  audit: {
    action: 'settings.tariff_changed',
    target: () => ({ type: 'organization' }),
    details: ({ body }) => ({ currency: body.currency, timeZone: body.timeZone, pricePerKwh: body.pricePerKwh, bands: body.bands.length }),
  },
});

export const DELETE = withOrg(({ org }) => removeTariff(org), {
  permission: 'settings.write',
  audit: { action: 'settings.tariff_removed', target: () => ({ type: 'organization' }) },
});
