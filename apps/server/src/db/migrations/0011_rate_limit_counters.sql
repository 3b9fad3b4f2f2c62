CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_resets_at_idx" ON "rate_limit_counters" USING btree ("resets_at");--> statement-breakpoint
-- Our counters used to share better-auth's table (whose keys are always "<ip>|<path>"); they move to
-- rate_limit_counters. Counters are short-lived, so they are dropped rather than copied: each limit starts afresh once.
DELETE FROM "rate_limits" WHERE position('|' in "key") = 0;
