import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db';
import { listAuditEvents } from '@/lib/db/repos/audit';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createUser } from '@/lib/db/repos/users';
import { AppError } from '@/lib/errors/app-error';
import type { OrgAccess } from '@/lib/org/org-access';
import { VehicleApiError } from '@/lib/vehicle-api';
import { recordAudit } from './audit';
import { useProcessTestDatabase } from './process-database.test-support';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0005');

describe('the audit entry of a failed action', () => {
  useProcessTestDatabase();

  async function failWith(error: unknown) {
    const org = await createOrganization(getDb(), {
      slug: `audit-${Math.random().toString(36).slice(2, 8)}`,
      name: 'Org',
      apiBaseUrl: null,
      clientId: 'c',
      clientSecret: 's',
    });
    const user = await createUser(getDb(), { email: `${org.slug}@example.com` });
    const access = { org: { id: org.id, slug: org.slug }, user: { id: user.id, email: user.email } } as unknown as OrgAccess;
    await recordAudit(
      access,
      { action: 'vehicles.tagged' },
      { outcome: 'failure', target: {}, request: new NextRequest('http://localhost/api/x'), error },
    );
    const [event] = (await listAuditEvents(getDb(), { organizationId: org.id })).events;
    return event!.details as { error?: { code: string; message: string } };
  }

  // Seen: a database error's message is its SQL and the values it carried, and the audit page,
  // its JSON and its CSV showed the details as stored.
  it('keeps what the answer said, never the message of a fault of our own', async () => {
    const details = await failWith(
      Object.assign(new Error('Failed query: insert into "vehicle_tags" values ($1, $2) params: 2de06abb,secret-value'), { code: '23505' }),
    );
    expect(details.error).toEqual({ code: 'INTERNAL', message: 'Something went wrong on our side. The error was logged.' });
    expect(JSON.stringify(details)).not.toContain('secret-value');
  });

  it('keeps an error of the console’s own and the Vehicle API’s as the person was told', async () => {
    expect((await failWith(new AppError('NOT_FOUND', 'No such vehicle.'))).error).toEqual({
      code: 'NOT_FOUND',
      message: 'No such vehicle.',
    });
    const upstream = new VehicleApiError({ code: 'OEM_VEHICLE_OFFLINE', status: 409, message: 'The vehicle is offline.', endpoint: 'x' });
    expect((await failWith(upstream)).error).toEqual({ code: 'OEM_VEHICLE_OFFLINE', message: 'The vehicle is offline.' });
  });
});
