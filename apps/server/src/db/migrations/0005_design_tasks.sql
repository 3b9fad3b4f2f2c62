CREATE TABLE "design_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"design_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"input" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"status_text" text DEFAULT 'Queued' NOT NULL,
	"result_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_designs" ADD COLUMN "pending_tweak_keys" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "design_tasks" ADD CONSTRAINT "design_tasks_design_id_room_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."room_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_tasks" ADD CONSTRAINT "design_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_tasks_design_idx" ON "design_tasks" USING btree ("design_id");--> statement-breakpoint
CREATE INDEX "design_tasks_user_created_idx" ON "design_tasks" USING btree ("user_id","created_at");