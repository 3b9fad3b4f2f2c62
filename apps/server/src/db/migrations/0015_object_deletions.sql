CREATE TABLE "object_deletions" (
	"key" text PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "object_deletions_requested_at_idx" ON "object_deletions" USING btree ("requested_at");