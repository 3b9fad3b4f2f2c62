import { and, eq, isNotNull } from 'drizzle-orm';
import { messages } from '@rv/contracts/messages';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** Saves the user's active StyleLens (styleSaveStatus true): from now on it steers every design. 404 without a lens. */
export async function saveStyleLens(db: Db, userId: string): Promise<void> {
  const saved = await db
    .update(users)
    .set({ styleSaveStatus: true })
    .where(and(eq(users.id, userId), isNotNull(users.styleLens)))
    .returning({ id: users.id });
  if (saved.length === 0) throw new AppError('NOT_FOUND', messages.styleLens.nothingToSave);
}
