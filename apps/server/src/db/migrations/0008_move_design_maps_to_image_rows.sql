-- Custom data migration (ADR 016): every result image of every design becomes a design_images row,
-- carrying the name, room type, notes and saved flag that the position-keyed maps held for its position.
-- Positions are the results page's order: refined images first (newest first), then generated ones
-- (Fix Room results were appended to `generated`; their keys name their task: kind 'fixed').
-- rank = position - number of refined images: refined ranks are negative, generated ones 0, 1, ...
-- A name that sits on the wrong image because the design was refined after being saved (the defect
-- ADR 016 ended) stays on the image it is on today: which image it was meant for is not recorded anywhere.
-- Map entries whose key names no image (none can be made through the API) have no image to go to.
INSERT INTO "design_images" ("id", "design_id", "user_id", "kind", "rank", "key", "thumb_key", "width", "height", "thumb_width",
  "fidelity", "flagged", "saved", "name", "room_type", "notes", "created_at", "updated_at")
SELECT
  gen_random_uuid()::text,
  d."id",
  d."user_id",
  CASE WHEN img.source = 'refined' THEN 'refined' WHEN img.image->>'key' LIKE '%/task-%' THEN 'fixed' ELSE 'generated' END,
  img.position - jsonb_array_length(d."refined"),
  img.image->>'key',
  img.image->>'thumbKey',
  (img.image->>'width')::integer,
  (img.image->>'height')::integer,
  (img.image->>'thumbWidth')::integer,
  (img.image->>'fidelity')::real,
  coalesce((img.image->>'flagged')::boolean, false),
  coalesce((d."save_status_list"->>img.position)::boolean, false),
  d."project_name_map"->>(img.position::text),
  d."room_type_map"->>(img.position::text),
  d."notes_map"->>(img.position::text),
  d."created_at",
  d."updated_at"
FROM "room_designs" d
CROSS JOIN LATERAL (
  SELECT 'refined' AS source, r.image, (r.ord - 1)::integer AS position
  FROM jsonb_array_elements(d."refined") WITH ORDINALITY AS r(image, ord)
  UNION ALL
  SELECT 'generated', g.image, (jsonb_array_length(d."refined") + g.ord - 1)::integer
  FROM jsonb_array_elements(d."generated") WITH ORDINALITY AS g(image, ord)
) AS img
ON CONFLICT ("design_id", "key") DO NOTHING;
