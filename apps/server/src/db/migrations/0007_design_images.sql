CREATE TABLE "design_images" (
	"id" text PRIMARY KEY NOT NULL,
	"design_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"rank" integer NOT NULL,
	"key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"thumb_width" integer,
	"fidelity" real,
	"flagged" boolean DEFAULT false NOT NULL,
	"saved" boolean DEFAULT false NOT NULL,
	"name" text,
	"room_type" text,
	"notes" text,
	"items" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "design_images" ADD CONSTRAINT "design_images_design_id_room_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."room_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_images" ADD CONSTRAINT "design_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "design_images_design_key_unique" ON "design_images" USING btree ("design_id","key");--> statement-breakpoint
CREATE INDEX "design_images_design_rank_idx" ON "design_images" USING btree ("design_id","rank");--> statement-breakpoint
CREATE INDEX "design_images_user_saved_idx" ON "design_images" USING btree ("user_id","design_id") WHERE saved;