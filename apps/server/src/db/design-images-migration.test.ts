import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toDesignView } from '../features/designs/view/design-view';
import { toDesignRecord } from '../features/designs/spec/spec-design-record';
import { loadDesignImages } from '../features/designs/load-design-images';
import type { Db } from './client';
import * as schema from './schema';

/**
 * The migration that moves the position-keyed maps of room_designs into design_images rows, run on a
 * database seeded with the old shape: every migration before the design_images table is applied, old
 * designs are written as the old code wrote them, then the remaining migrations run. On PGlite, and on
 * the PostgreSQL server of TEST_DATABASE_URL when it is set.
 */
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** A copy of the migrations folder whose journal stops before the migration that creates design_images. */
function migrationsBeforeDesignImages(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'rv-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  // Loose: the journal is written back whole, with the fields this test does not read.
  const journal = z.looseObject({ entries: z.array(z.looseObject({ tag: z.string() })) }).parse(JSON.parse(readFileSync(journalFile, 'utf8')));
  const first = journal.entries.findIndex((entry) => entry.tag.endsWith('_design_images'));
  expect(first).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, first);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

interface TestDatabase {
  db: Db;
  exec: (text: string, values?: unknown[]) => Promise<unknown>;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
}

async function openPglite(): Promise<TestDatabase> {
  const client = await PGlite.create('memory://');
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    exec: (text, values) => client.query(text, values),
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

async function openPostgres(serverUrl: string): Promise<TestDatabase> {
  const name = `rv_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // Dropping the database with (force) can still cut a connection the pool is closing: not a test failure.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    exec: (text, values) => pool.query(text, values),
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

interface OldImage {
  key: string;
  thumbKey: string;
  width: number;
  height: number;
  thumbWidth?: number;
  fidelity?: number;
  flagged?: boolean;
}
const image = (designId: string, name: string, extra: Omit<OldImage, 'key' | 'thumbKey' | 'width' | 'height'> = {}): OldImage => ({
  key: `designs/${designId}/${name}.webp`,
  thumbKey: `designs/${designId}/${name}-thumb.webp`,
  width: 1600,
  height: 1200,
  ...extra,
});
const scored = (designId: string, name: string, fidelity: number) =>
  image(designId, name, { thumbWidth: 720, fidelity, flagged: fidelity < 0.6 });

interface OldDesign {
  id: string;
  generated: OldImage[];
  refined: OldImage[];
  saveStatusList: boolean[];
  projectNameMap: Record<string, string>;
  roomTypeMap: Record<string, string>;
  notesMap: Record<string, string>;
}

/** Designs as the old code stored them: results in two lists, labels in maps keyed by position (refined first). */
const OLD_DESIGNS: OldDesign[] = [
  {
    // Saved and named, a note on the second image.
    id: 'plain',
    generated: [scored('plain', 'generated-1', 0.9), scored('plain', 'generated-2', 0.8)],
    refined: [],
    saveStatusList: [true, false],
    projectNameMap: { '0': 'Den' },
    roomTypeMap: { '0': 'living-room' },
    notesMap: { '1': 'try it in blue' },
  },
  {
    // Saved as 'Warm Loft' at position 0, then refined once: the old job put the refinement in front and
    // moved the saved flag with the image, but not the maps, so the name now sits on the new refinement.
    id: 'loft',
    generated: [scored('loft', 'generated-1', 0.9), scored('loft', 'generated-2', 0.7)],
    refined: [image('loft', 'task-aaa-1', { thumbWidth: 720 })],
    saveStatusList: [false, true, false],
    projectNameMap: { '0': 'Warm Loft' },
    roomTypeMap: { '0': 'bedroom' },
    notesMap: { '0': 'oak floor' },
  },
  {
    // Two refinements, a Fix Room result (appended to generated), legacy images without thumbWidth,
    // an empty name kept as sent, and a map entry past the last image (the old delete could leave one).
    id: 'busy',
    generated: [
      scored('busy', 'generated-1', 0.4),
      image('busy', 'generated-2', { fidelity: 0.9, flagged: false }),
      scored('busy', 'task-fix-1', 0.95),
    ],
    refined: [image('busy', 'task-r2-1'), image('busy', 'task-r1-1')],
    saveStatusList: [true, false, false, true, true],
    projectNameMap: { '0': 'Newest tweak', '3': 'Second try', '4': '', '9': 'orphan' },
    roomTypeMap: { '0': 'kitchen', '4': 'kitchen' },
    notesMap: { '3': 'the good one' },
  },
  {
    // Failed: no results, nothing to move.
    id: 'failed',
    generated: [],
    refined: [],
    saveStatusList: [],
    projectNameMap: {},
    roomTypeMap: {},
    notesMap: {},
  },
];

const runs: [string, () => Promise<TestDatabase>][] = [['PGlite', openPglite]];
if (process.env.TEST_DATABASE_URL) runs.push(['PostgreSQL', () => openPostgres(process.env.TEST_DATABASE_URL!)]);

describe.each(runs)('moving the design maps into design_images rows (%s)', (_name, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
    await database.migrate(migrationsBeforeDesignImages());
    await database.exec(`insert into users (id, email) values ('u1', 'old@example.com')`);
    for (const [index, design] of OLD_DESIGNS.entries()) {
      await database.exec(
        `insert into room_designs (id, user_id, tool, status, brief, original, generated, refined, save_status_list,
           project_name_map, room_type_map, notes_map, credit_state, created_at)
         values ($1, 'u1', 'furnishing', $2, $3, $4, $5, $6, $7, $8, $9, $10, 'committed', $11)`,
        [
          design.id,
          design.generated.length ? 'done' : 'failed',
          JSON.stringify({
            tool: 'furnishing',
            styleDescription: '',
            additionalText: '',
            architecturalChanges: false,
            architecturalDetails: '',
            items: [],
            inspirationCount: 0,
          }),
          JSON.stringify(image(design.id, 'original', { thumbWidth: 720 })),
          JSON.stringify(design.generated),
          JSON.stringify(design.refined),
          JSON.stringify(design.saveStatusList),
          JSON.stringify(design.projectNameMap),
          JSON.stringify(design.roomTypeMap),
          JSON.stringify(design.notesMap),
          new Date(Date.UTC(2026, 0, 1) - index * 60_000),
        ],
      );
    }
    await database.migrate(migrationsFolder);
  }, 60_000);
  afterAll(() => database?.close());

  const recordOf = async (designId: string) => {
    const [design] = await database.db.select().from(schema.roomDesigns).where(eq(schema.roomDesigns.id, designId));
    return toDesignRecord(toDesignView(design!, (await loadDesignImages(database.db, [designId])).get(designId)!));
  };

  it('answers every design exactly as before: same images in the same order, same maps, same saved flags', async () => {
    for (const old of OLD_DESIGNS) {
      const record = await recordOf(old.id);
      const urls = [...old.refined, ...old.generated].map((i) => `/api/files/${i.key}`);
      const inRange = (map: Record<string, string>) => Object.fromEntries(Object.entries(map).filter(([key]) => Number(key) < urls.length));
      expect(record).toMatchObject({
        refinedImageStorageUrls: urls,
        refinedImageUrls: old.refined.map((i) => `/api/files/${i.key}`),
        generatedImageUrls: old.generated.map((i) => `/api/files/${i.key}`),
        refinedSaveStatusList: old.saveStatusList,
        projectNameMap: inRange(old.projectNameMap),
        roomTypeMap: inRange(old.roomTypeMap),
        notesMap: inRange(old.notesMap),
        fidelityScores: old.generated.map((g) => g.fidelity),
        fidelityFlags: old.generated.map((g) => g.flagged),
      });
      expect(Object.values(record.images ?? {}).map((info) => info.thumbnailWidth)).toHaveLength(urls.length + 1);
    }
  });

  it('gives each image its own row: kind, order, labels, size and score', async () => {
    const rows = await database.db
      .select()
      .from(schema.designImages)
      .where(eq(schema.designImages.designId, 'busy'))
      .orderBy(asc(schema.designImages.rank));
    expect(rows.map((r) => [r.kind, r.rank, r.key.split('/')[2], r.saved, r.name, r.roomType, r.notes, r.thumbWidth, r.fidelity])).toEqual([
      ['refined', -2, 'task-r2-1.webp', true, 'Newest tweak', 'kitchen', null, null, null],
      ['refined', -1, 'task-r1-1.webp', false, null, null, null, null, null],
      ['generated', 0, 'generated-1.webp', false, null, null, null, 720, 0.4],
      ['generated', 1, 'generated-2.webp', true, 'Second try', null, 'the good one', null, 0.9],
      ['fixed', 2, 'task-fix-1.webp', true, '', 'kitchen', null, 720, 0.95],
    ]);
    expect(rows.every((r) => r.userId === 'u1' && r.items === null)).toBe(true);
    expect(await database.db.select().from(schema.designImages).where(eq(schema.designImages.designId, 'failed'))).toEqual([]);
  });

  it('a design mislabelled by a refinement after it was saved keeps the name where it is shown today (ADR 016)', async () => {
    const rows = (await loadDesignImages(database.db, ['loft'])).get('loft')!;
    expect(rows.map((r) => [r.kind, r.saved, r.name, r.roomType, r.notes])).toEqual([
      ['refined', false, 'Warm Loft', 'bedroom', 'oak floor'],
      ['generated', true, null, null, null],
      ['generated', false, null, null, null],
    ]);
  });

  it('no longer stores the maps and lists on the design', async () => {
    const columns = (await database.exec(
      `select column_name from information_schema.columns where table_name = 'room_designs' order by column_name`,
    )) as { rows: { column_name: string }[] };
    const names = columns.rows.map((c) => c.column_name);
    expect(names).toContain('original');
    for (const gone of ['generated', 'refined', 'save_status_list', 'project_name_map', 'room_type_map', 'notes_map'])
      expect(names).not.toContain(gone);
  });
});
