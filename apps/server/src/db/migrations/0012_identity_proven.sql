CREATE TABLE "checkout_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"creates_account" boolean NOT NULL,
	"user_id" text,
	"checkout_session_id" text,
	"customer_id" text,
	"subscription_id" text,
	"linked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_proven_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_intents" ADD CONSTRAINT "checkout_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_intents_checkout_session_unique" ON "checkout_intents" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_intents_subscription_unique" ON "checkout_intents" USING btree ("subscription_id");--> statement-breakpoint
-- Accounts made before this migration and marked verified count as proven when they were made.
UPDATE "users" SET "email_proven_at" = "created_at" WHERE "email_verified" = true;