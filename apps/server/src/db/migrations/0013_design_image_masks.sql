ALTER TABLE "design_images" ADD COLUMN "mask_key" text;--> statement-breakpoint
ALTER TABLE "room_designs" ADD COLUMN "pending_mask_keys" jsonb DEFAULT '[]'::jsonb NOT NULL;