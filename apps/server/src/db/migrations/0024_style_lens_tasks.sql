CREATE TABLE "style_lens_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"photo_keys" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"status_text" text DEFAULT 'Queued' NOT NULL,
	"lens" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "style_lens_tasks" ADD CONSTRAINT "style_lens_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "style_lens_tasks_user_created_idx" ON "style_lens_tasks" USING btree ("user_id","created_at");