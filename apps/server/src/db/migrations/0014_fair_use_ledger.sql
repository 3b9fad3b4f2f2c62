CREATE TABLE "fair_use_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fair_use_ledger" ADD CONSTRAINT "fair_use_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fair_use_ledger_user_created_idx" ON "fair_use_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
-- The runs started before the ledger existed (ADR 031): the day's count survives the deploy.
INSERT INTO "fair_use_ledger" ("id", "user_id", "kind", "created_at") SELECT "id", "user_id", "kind", "created_at" FROM "design_tasks" ON CONFLICT DO NOTHING;
