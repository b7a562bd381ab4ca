import 'server-only';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors/app-error';
import type { Db } from '../index';
import { passwordResets, users } from '../schema';

export async function createPasswordReset(db: Db, input: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  // A new link replaces every earlier unused one of the user.
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, input.userId), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values(input);
  });
}

/** The email of an open reset link's user (not disabled), or undefined. */
export async function findOpenPasswordReset(db: Db, tokenHash: string, now = new Date()): Promise<{ email: string } | undefined> {
  const [row] = await db
    .select({ email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
        isNull(users.disabledAt),
      ),
    )
    .limit(1);
  return row;
}

/** Uses the link once: sets the password hash and ends every session of the user. */
export async function consumePasswordReset(
  db: Db,
  tokenHash: string,
  passwordHash: string,
  now = new Date(),
): Promise<{ userId: string; email: string }> {
  return db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    if (!reset) throw new AppError('RESET_INVALID', 'This reset link is invalid, used or expired. Ask for a new one.');
    const [user] = await tx
      .update(users)
      .set({ passwordHash, passwordSetByLink: true, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
      .where(and(eq(users.id, reset.userId), isNull(users.disabledAt)))
      .returning({ userId: users.id, email: users.email });
    // A disabled person's link does nothing (the transaction undoes its use).
    if (!user) throw new AppError('RESET_INVALID', 'This reset link is invalid, used or expired. Ask for a new one.');
    return user;
  });
}
