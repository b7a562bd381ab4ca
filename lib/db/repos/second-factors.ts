import 'server-only';
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { decryptSecret, encryptSecret } from '@/lib/crypto/secret-box';
import type { Db } from '../index';
import { hasPasskeySql, userHasPasskey } from './passkeys';
import { recoveryCodes, totpCredentials, users } from '../schema';

/** A TOTP secret is sealed to its person's row: copied to another person's row, it does not decrypt. */
export const totpSecretContext = (userId: string) => ({ table: 'totp_credentials', column: 'secret', row: userId });

export interface TotpCredential {
  secret: string;
  confirmedAt: Date | null;
  lastUsedStep: number | null;
}

/** Whether the user in the query has a second factor (a confirmed TOTP or a passkey), folded into the access query. */
export const hasAnySecondFactor = () =>
  sql<boolean>`(exists (select 1 from ${totpCredentials} where ${totpCredentials.userId} = ${users.id} and ${totpCredentials.confirmedAt} is not null) or ${hasPasskeySql()})`.mapWith(
    Boolean,
  );

/** The person's TOTP with its secret opened, confirmed or still waiting; undefined when none. */
export async function getTotpCredential(db: Db, userId: string): Promise<TotpCredential | undefined> {
  const [row] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId)).limit(1);
  if (!row) return undefined;
  return {
    secret: decryptSecret(row.secretEncrypted, totpSecretContext(userId)),
    confirmedAt: row.confirmedAt,
    lastUsedStep: row.lastUsedStep,
  };
}

/**
 * Stores a secret waiting for its first code, replacing an earlier one still waiting. False when
 * the person has a confirmed TOTP: that one is never replaced this way.
 */
export async function savePendingTotp(db: Db, userId: string, secret: string): Promise<boolean> {
  const secretEncrypted = encryptSecret(secret, totpSecretContext(userId));
  const rows = await db
    .insert(totpCredentials)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: totpCredentials.userId,
      set: { secretEncrypted, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(totpCredentials.confirmedAt),
    })
    .returning({ userId: totpCredentials.userId });
  return rows.length > 0;
}

/**
 * Confirms the waiting TOTP with the step of its first code and replaces the person's recovery
 * codes with these (hashed), in one transaction. False when nothing was waiting.
 */
export async function confirmTotp(
  db: Db,
  userId: string,
  step: number,
  recoveryCodeHashes: readonly string[],
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const confirmed = await tx
      .update(totpCredentials)
      .set({ confirmedAt: now, lastUsedStep: step })
      .where(and(eq(totpCredentials.userId, userId), isNull(totpCredentials.confirmedAt)))
      .returning({ userId: totpCredentials.userId });
    if (confirmed.length === 0) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash })));
    return true;
  });
}

/**
 * Replaces the person's recovery codes (used or not) with these (hashed), while their confirmed
 * TOTP exists: its row is locked first, so a removal racing this leaves no codes behind. False
 * when there is no confirmed TOTP.
 */
export async function replaceRecoveryCodes(db: Db, userId: string, recoveryCodeHashes: readonly string[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [totp] = await tx
      .select({ userId: totpCredentials.userId })
      .from(totpCredentials)
      .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)))
      .for('update');
    if (!totp) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash })));
    return true;
  });
}

/**
 * Takes a step for a sign-in or a check: true only when it is later than the last step taken, so
 * a code seen once (over a shoulder, in a proxy's log) never opens anything again. One statement:
 * two requests with the same code cannot both pass.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(totpCredentials)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(totpCredentials.userId, userId),
        isNotNull(totpCredentials.confirmedAt),
        or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpCredentials.userId });
  return rows.length > 0;
}

/** Marks an unused recovery code used; false when there is no such unused code. */
export async function redeemRecoveryCode(db: Db, userId: string, codeHash: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

/** Removes the person's TOTP (confirmed or waiting) and their recovery codes. */
export async function deleteTotp(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(totpCredentials)
      .where(eq(totpCredentials.userId, userId))
      .returning({ userId: totpCredentials.userId });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    return removed.length > 0;
  });
}

/** When the person's TOTP was confirmed and how many recovery codes are left; undefined without a confirmed one. */
export async function getSecondFactorSummary(db: Db, userId: string): Promise<{ enrolledAt: Date; recoveryCodesLeft: number } | undefined> {
  const [totp] = await db
    .select({ confirmedAt: totpCredentials.confirmedAt })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)))
    .limit(1);
  if (!totp?.confirmedAt) return undefined;
  const [codes] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enrolledAt: totp.confirmedAt, recoveryCodesLeft: codes?.n ?? 0 };
}

/** Whether the person has a confirmed second factor: an authenticator app or a passkey. */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  return (await hasConfirmedTotpOf(db, userId)) || (await userHasPasskey(db, userId));
}

/** Whether the person has a confirmed authenticator app. */
export async function hasConfirmedTotpOf(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpCredentials.userId })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)))
    .limit(1);
  return row !== undefined;
}
