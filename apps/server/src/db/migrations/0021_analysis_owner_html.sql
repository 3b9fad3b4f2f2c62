-- Custom data migration (ADR 057): a design's analysis in two parts, what the engine says of the images
-- (analysis_html, which anyone who may see the design reads) and what it quotes of the owner's words
-- (analysis_owner_html, the owner's alone).
ALTER TABLE "room_designs" ADD COLUMN "analysis_owner_html" text;--> statement-breakpoint
-- The local engine's analyses end with its own note and put the owner's words in known places: a
-- design's 'What you asked for' list (with the 'Colours you asked for' line above it) and a painted
-- area's 'You asked: ...' line. The quoted text was escaped, so none of it can close those tags early.
UPDATE "room_designs" SET
  "analysis_owner_html" = '<h3>What you asked for</h3>'
    || coalesce(substring("analysis_html" from '<p>Colours you asked for: .*?</p>'), '')
    || coalesce(substring("analysis_html" from '<h3>What you asked for</h3>(<ul>.*?</ul>)'), ''),
  "analysis_html" = regexp_replace(
    regexp_replace("analysis_html", '<h3>What you asked for</h3><ul>.*?</ul>', ''),
    '<p>Colours you asked for: .*?</p>', '')
WHERE "analysis_html" LIKE '%<p><em>Measured offline from the images;%';--> statement-breakpoint
UPDATE "room_designs" SET
  "analysis_owner_html" = coalesce(substring("analysis_html" from '<p>You asked: .*?</p>'), ''),
  "analysis_html" = regexp_replace("analysis_html", '<p>You asked: .*?</p>', '')
WHERE "analysis_html" LIKE '%<p><em>Measured offline from the painted area;%';--> statement-breakpoint
-- Any other analysis (a hosted model's, which was given the brief and may quote it anywhere) cannot be
-- split safely: it stays whole, for the owner alone.
UPDATE "room_designs" SET "analysis_owner_html" = "analysis_html", "analysis_html" = NULL
WHERE "analysis_html" IS NOT NULL AND "analysis_owner_html" IS NULL;
