/**
 * `npm run keys:rotate`: re-seals every stored secret (organizations' client secrets, the
 * upstream token cache, people's authenticator secrets) under the newest key of ENCRYPTION_KEYS. Run it after putting a new
 * key first in the ring (with the old ones still listed); afterwards old keys can be removed.
 * With the embedded database, stop the console first (one process owns the folder).
 */
import { getDb } from '@/lib/db';
import { runWithDb } from './run-with-db';
import { migrateDatabase } from '@/lib/db/migrate';
import { rotateEncryptionKeys } from '@/lib/org/server/rotate-encryption-keys';

async function main(): Promise<number> {
  const db = getDb();
  await migrateDatabase(db);
  const report = await rotateEncryptionKeys(db);
  console.log(`Sealed under key "${report.keyId}".`);
  console.log(`  organizations: ${report.organizations.resealed} re-sealed, ${report.organizations.current} already current`);
  console.log(`  webhook signing secrets: ${report.webhookSecrets.resealed} re-sealed, ${report.webhookSecrets.current} already current`);
  console.log(
    `  webhook endpoint secrets: ${report.endpointSecrets.resealed} re-sealed, ${report.endpointSecrets.current} already current`,
  );
  console.log(
    `  cached tokens: ${report.tokens.resealed} re-sealed, ${report.tokens.current} already current, ${report.tokens.dropped} dropped (no longer open)`,
  );
  console.log(`  authenticator secrets: ${report.totpSecrets.resealed} re-sealed, ${report.totpSecrets.current} already current`);
  if (report.totpSecrets.failed.length > 0) {
    console.error(
      `  authenticator secrets not opened under any key of the ring (these people set up their app again): ${report.totpSecrets.failed.join(', ')}`,
    );
  }
  if (report.endpointSecrets.failed.length > 0) {
    console.error(
      `  webhook endpoint secrets not opened under any key of the ring (rotate these endpoints' secrets in Settings): ${report.endpointSecrets.failed.join(', ')}`,
    );
  }
  if (report.organizations.failed.length > 0) {
    console.error(
      `  not opened under any key of the ring (re-enter their client secret in Settings): ${report.organizations.failed.join(', ')}`,
    );
    return 1;
  }
  if (report.webhookSecrets.failed.length > 0) {
    console.error(
      `  webhook signing secrets not opened under any key of the ring (enter them again in Settings): ${report.webhookSecrets.failed.join(', ')}`,
    );
    return 1;
  }
  return 0;
}

runWithDb(main);
