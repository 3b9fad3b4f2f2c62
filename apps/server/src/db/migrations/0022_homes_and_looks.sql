CREATE TABLE "homes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "looks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"design_id" text NOT NULL,
	"image_id" text NOT NULL,
	"look" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "design_images" ADD COLUMN "photo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "room_designs" ADD COLUMN "home_id" text;--> statement-breakpoint
ALTER TABLE "room_designs" ADD COLUMN "more_photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "room_designs" ADD COLUMN "consistency" jsonb;--> statement-breakpoint
ALTER TABLE "homes" ADD CONSTRAINT "homes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "looks" ADD CONSTRAINT "looks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "looks" ADD CONSTRAINT "looks_design_id_room_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."room_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "looks" ADD CONSTRAINT "looks_image_id_design_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."design_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "homes_user_created_idx" ON "homes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "looks_user_idx" ON "looks" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "room_designs" ADD CONSTRAINT "room_designs_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_designs_home_idx" ON "room_designs" USING btree ("home_id");