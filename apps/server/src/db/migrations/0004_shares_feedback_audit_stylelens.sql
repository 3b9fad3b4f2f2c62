CREATE TABLE "admin_audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_email" text NOT NULL,
	"target_email" text NOT NULL,
	"action" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "design_feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"room_design_id" text NOT NULL,
	"is_helpful" boolean NOT NULL,
	"feedback_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"room_design_id" text NOT NULL,
	"user_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "style_lens" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "style_save_status" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "design_feedback" ADD CONSTRAINT "design_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_feedback" ADD CONSTRAINT "design_feedback_room_design_id_room_designs_id_fk" FOREIGN KEY ("room_design_id") REFERENCES "public"."room_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_shares" ADD CONSTRAINT "room_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_shares" ADD CONSTRAINT "room_shares_room_design_id_room_designs_id_fk" FOREIGN KEY ("room_design_id") REFERENCES "public"."room_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "design_feedback_user_design_unique" ON "design_feedback" USING btree ("user_id","room_design_id");--> statement-breakpoint
CREATE INDEX "design_feedback_created_idx" ON "design_feedback" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "room_shares_design_unique" ON "room_shares" USING btree ("room_design_id");--> statement-breakpoint
CREATE INDEX "room_shares_created_idx" ON "room_shares" USING btree ("created_at");