CREATE TABLE "engine_calls" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"engine" text NOT NULL,
	"model" text NOT NULL,
	"operation" text NOT NULL,
	"design_id" text,
	"user_id" text,
	"ok" boolean NOT NULL,
	"error" text,
	"cause" text,
	"status" integer,
	"latency_ms" integer NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"images" integer DEFAULT 0 NOT NULL,
	"estimated_cost_usd" real DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "engine_calls" ADD CONSTRAINT "engine_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engine_calls_created_idx" ON "engine_calls" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "engine_calls_user_created_idx" ON "engine_calls" USING btree ("user_id","created_at");