CREATE TABLE "orphan_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"email" text NOT NULL,
	"checkout_intent_id" text NOT NULL,
	"refunded_at" timestamp with time zone,
	"refund_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_intents" ADD COLUMN "flow" text;--> statement-breakpoint
-- Checkouts made before the column: a hosted one has its session id.
UPDATE "checkout_intents" SET "flow" = CASE WHEN "checkout_session_id" IS NULL THEN 'card' ELSE 'hosted' END;--> statement-breakpoint
ALTER TABLE "checkout_intents" ALTER COLUMN "flow" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_intents" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
-- One open checkout per e-mail (ADR 055): of the unlinked checkouts made before, each e-mail keeps its newest open.
UPDATE "checkout_intents" SET "closed_at" = now() WHERE "linked_at" IS NULL AND "id" NOT IN (SELECT DISTINCT ON ("email") "id" FROM "checkout_intents" WHERE "linked_at" IS NULL ORDER BY "email", "created_at" DESC, "id");--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "local_subscriptions" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "local_subscriptions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_intents_open_email_unique" ON "checkout_intents" USING btree ("email") WHERE "checkout_intents"."linked_at" is null and "checkout_intents"."closed_at" is null;--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" ADD CONSTRAINT "local_checkout_sessions_idempotency_key_unique" UNIQUE("idempotency_key");--> statement-breakpoint
ALTER TABLE "local_subscriptions" ADD CONSTRAINT "local_subscriptions_idempotency_key_unique" UNIQUE("idempotency_key");