import 'server-only';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { Db } from '@/lib/db';
import { createOrganization, setWebhookSecret } from '@/lib/db/repos/organizations';
import { type RosterEntry, upsertRoster } from '@/lib/db/repos/vehicle-snapshots';
import { applyWebhookEvent } from './apply-webhook-event';
import { receiveWebhook } from './receive-webhook';

/** Test support for the webhook receiver: deliveries signed as the vendor signs them, and organizations that take them. */

/** A signing secret as the vendor's portal issues it. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export type Delivery = { id: string; rawBody: string; headers: Headers };

/** A delivery as the vendor's sender makes it: Standard Webhooks headers over the raw body. */
export function signedDelivery(secret: string, body: unknown, options: { id?: string; at?: number } = {}): Delivery {
  const id = options.id ?? `msg_${randomBytes(8).toString('hex')}`;
  const at = options.at ?? Date.now();
  const rawBody = JSON.stringify(body);
  const headers = new Headers({
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, new Date(at), rawBody),
    'content-type': 'application/json',
  });
  return { id, rawBody, headers };
}

/**
 * A new organization and a secret to sign its deliveries with, stored as its signing secret unless
 * `withSecret` is false. `suffix` is unique to it, for names of its users and vehicles.
 */
export async function webhookOrganization(db: Db, { withSecret = true }: { withSecret?: boolean } = {}) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const org = await createOrganization(db, { slug: `w${suffix}`, name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
  const secret = newWebhookSecret();
  if (withSecret) await setWebhookSecret(db, org.id, secret);
  return { org, secret, suffix };
}

/** A vehicle as the list walk enters it in the snapshot: listening, nothing known of it yet. */
export const listedVehicle = (vehicleId: string, connectionStatus = 'CONNECTED'): RosterEntry => ({
  vehicleId,
  connectionStatus,
  vin: null,
  make: null,
  model: null,
  registrationPlate: null,
  isListening: true,
  lastSeenAt: null,
});

/**
 * An organization with a signing secret and one listed vehicle in its snapshot. `send` delivers
 * through the receiver and applies what it recorded, as the route does: the outcome of applying, or
 * the HTTP status of a refused delivery.
 */
export async function organizationWithSnapshotVehicle(db: Db) {
  const { org, secret, suffix } = await webhookOrganization(db);
  const vehicleId = `veh_${suffix}`;
  await upsertRoster(db, org.id, [listedVehicle(vehicleId)], new Date('2026-01-01T00:00:00Z'));
  const send = async (delivery: Delivery) => {
    const answer = await receiveWebhook(db, { orgSlug: org.slug, headers: delivery.headers, rawBody: delivery.rawBody });
    return answer.recordedId ? applyWebhookEvent(db, answer.recordedId) : answer.status;
  };
  return { org, secret, vehicleId, send };
}
