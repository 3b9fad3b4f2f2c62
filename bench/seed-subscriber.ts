// A subscriber with saved designs (the first one public) and real image files, written into a new data
// folder before the server opens the database (PGlite is single-process). Shared by the page benches.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeSeedPicture, seedDesign } from '../apps/server/test/seed-designs';
import { openDatabase } from '../apps/server/src/db/client';
import { createLocalStorage } from '../apps/server/src/storage/local-storage';
import { createUser } from '../apps/server/test/fixtures';

/** Answers the data folder, the subscriber's e-mail and the ids of their designs (newest first). */
export async function seedSubscriber({
  label,
  email,
  name,
  password,
  designs,
}: {
  label: string;
  email: string;
  name: string;
  password: string;
  designs: number;
}): Promise<{ dataDir: string; email: string; designIds: string[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `rv-bench-${label}-`));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  const storage = createLocalStorage(path.join(dataDir, 'files'));
  const { id: userId } = await createUser(database.db, { email, name, password });
  const designIds: string[] = [];
  for (let i = 0; i < designs; i++) {
    const picture = await makeSeedPicture({ hue: (i * 47) % 360 });
    designIds.push(
      await seedDesign(database.db, storage, picture, {
        userId,
        isPublic: i === 0,
        saved: [true, i % 2 === 0],
        projectNameMap: { 0: `Living room ${i + 1}` },
        roomTypeMap: { 0: 'living-room' },
        createdAt: new Date(Date.UTC(2026, 0, 1) - i * 60_000),
      }),
    );
  }
  await database.close();
  return { dataDir, email, designIds };
}

/** Signs the subscriber in with their password: the session cookie as name=value pairs. */
export async function signInPairs(serverUrl: string, email: string, password: string): Promise<string[]> {
  const login = await fetch(`${serverUrl}/api/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: serverUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  return login.headers.getSetCookie().map((c) => c.split(';')[0]!);
}
