-- A task's input carries its kind, and every field its kind always has (ADR 044): refinements stored
-- without words, scope or photos get the values the job used to put in their place.
UPDATE "design_tasks" SET "input" = jsonb_build_object('kind', 'refine', 'tweakText', '', 'scope', 'tweak', 'tweakKeys', '[]'::jsonb) || ("input" - 'kind') WHERE "kind" = 'refine';--> statement-breakpoint
UPDATE "design_tasks" SET "input" = jsonb_build_object('kind', 'fix') || ("input" - 'kind' - 'tweakText' - 'scope' - 'tweakKeys' - 'maskKey') WHERE "kind" = 'fix';--> statement-breakpoint
ALTER TABLE "design_tasks" ADD CONSTRAINT "design_tasks_input_kind" CHECK ("design_tasks"."input"->>'kind' = "design_tasks"."kind");
