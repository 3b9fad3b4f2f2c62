CREATE TABLE "room_designs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"tool" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"brief" jsonb NOT NULL,
	"prompt" text,
	"original" jsonb NOT NULL,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"generated" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refined" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"analysis_html" text,
	"provider_request_id" text,
	"credit_state" text DEFAULT 'reserved' NOT NULL,
	"credit_claimed_at" timestamp with time zone,
	"is_public" boolean DEFAULT false NOT NULL,
	"project_name_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"room_type_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"save_status_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_designs" ADD CONSTRAINT "room_designs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_designs_user_created_idx" ON "room_designs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "room_designs_status_idx" ON "room_designs" USING btree ("status");