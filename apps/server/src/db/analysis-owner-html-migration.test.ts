import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { asc } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as schema from './schema';

/**
 * The migration that stores a design's analysis in two parts (ADR 057), run on a database
 * holding the analyses the old code wrote: the local engine's, with the owner's words in known places,
 * and a hosted model's, which may quote them anywhere.
 */
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const journalOf = z.object({ entries: z.array(z.looseObject({ tag: z.string() })) });

/** A copy of the migrations folder whose journal stops before the analysis's split. */
function migrationsBeforeTheSplit(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'rv-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = journalOf.parse(JSON.parse(readFileSync(journalFile, 'utf8')));
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith('_analysis_owner_html'));
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

const PALETTE =
  '<h3>Palette</h3><p>The main colours of the design, measured from the image:</p><ul><li><strong>#9caf88</strong> sage green (61%)</li></ul>';
const COLOURS_ASKED = '<p>Colours you asked for: <strong>sage green</strong> is in the palette.</p>';
const LIGHT =
  '<h3>Light and mood</h3><p>Compared with your original room, the design is <strong>lighter</strong> (light 70% against 50%).</p>';
const ASKED =
  '<h3>What you asked for</h3><ul><li><strong>Style:</strong> <em>quokka calm</em></li><li><strong>Item 1:</strong> Nana Philippa&#39;s chair, placed <em>by the Wurlitzer</em></li><li><strong>Your notes:</strong> <em>spare key under the mat at 12 Acacia Ave</em></li></ul>';
const NOTE = '<p><em>Measured offline from the images; colour names are the nearest in our colour table.</em></p>';
const AREA =
  '<h3>The area you changed</h3><p>Only the area you painted (about 20% of the picture) was changed; everything else is exactly as it was.</p>';
const AREA_ASKED = '<p>You asked: <em>paint the Kittiwake mural</em></p>';
const AREA_REST =
  '<h3>Its colours now</h3><ul><li><strong>#1f2a44</strong> navy (80%)</li></ul><p><em>Measured offline from the painted area; colour names are the nearest in our colour table.</em></p>';
const HOSTED = '<h3>Style</h3><p>Your calm hallway by 12 Acacia Ave now has a quokka mood.</p>';

/** The analyses as the old code stored them, by design id. */
const OLD: [string, string | null][] = [
  ['d1-local', `${PALETTE}${COLOURS_ASKED}${LIGHT}${ASKED}${NOTE}`],
  ['d2-local-no-colours', `${PALETTE}${LIGHT}${ASKED}${NOTE}`],
  ['d3-area', `${AREA}${AREA_ASKED}${AREA_REST}`],
  ['d4-area-no-words', `${AREA}${AREA_REST}`],
  ['d5-hosted', HOSTED],
  ['d6-none', null],
];

describe("migration: the analysis's owner's words apart", () => {
  let client: PGlite;
  let db: ReturnType<typeof drizzle<typeof schema>>;
  beforeAll(async () => {
    client = await PGlite.create('memory://');
    db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: migrationsBeforeTheSplit() });
    await client.query(`insert into users (id, email) values ('u', 'u@example.com')`);
    const picture = JSON.stringify({ key: 'designs/d/original.webp', thumbKey: 'designs/d/original-thumb.webp', width: 8, height: 6 });
    for (const [id, analysis] of OLD)
      await client.query(
        `insert into room_designs (id, user_id, tool, brief, original, status, analysis_html) values ($1, 'u', 'furnishing', '{}', $2, 'done', $3)`,
        [id, picture, analysis],
      );
    await migrate(db, { migrationsFolder });
  }, 120_000);
  afterAll(() => client.close());

  it("splits the local engine's analyses where the owner's words stood, keeps a hosted model's whole for the owner, and the owner still reads all of it", async () => {
    const rows = await db
      .select({
        id: schema.roomDesigns.id,
        analysisHtml: schema.roomDesigns.analysisHtml,
        analysisOwnerHtml: schema.roomDesigns.analysisOwnerHtml,
      })
      .from(schema.roomDesigns)
      .orderBy(asc(schema.roomDesigns.id));
    expect(rows).toEqual([
      {
        id: 'd1-local',
        analysisHtml: `${PALETTE}${LIGHT}${NOTE}`,
        analysisOwnerHtml: `<h3>What you asked for</h3>${COLOURS_ASKED}${ASKED.slice('<h3>What you asked for</h3>'.length)}`,
      },
      { id: 'd2-local-no-colours', analysisHtml: `${PALETTE}${LIGHT}${NOTE}`, analysisOwnerHtml: ASKED },
      { id: 'd3-area', analysisHtml: `${AREA}${AREA_REST}`, analysisOwnerHtml: AREA_ASKED },
      { id: 'd4-area-no-words', analysisHtml: `${AREA}${AREA_REST}`, analysisOwnerHtml: '' },
      { id: 'd5-hosted', analysisHtml: null, analysisOwnerHtml: HOSTED },
      { id: 'd6-none', analysisHtml: null, analysisOwnerHtml: null },
    ]);
    // What anyone but the owner reads holds none of the owner's words.
    for (const { analysisHtml } of rows)
      for (const word of ['quokka', 'Philippa', 'Wurlitzer', 'Acacia Ave', 'Kittiwake', 'You asked', 'asked for'])
        expect(analysisHtml ?? '').not.toContain(word);
  });
});
