DROP INDEX "room_designs_user_saved_idx";--> statement-breakpoint
ALTER TABLE "room_designs" DROP COLUMN "generated";--> statement-breakpoint
ALTER TABLE "room_designs" DROP COLUMN "refined";--> statement-breakpoint
ALTER TABLE "room_designs" DROP COLUMN "project_name_map";--> statement-breakpoint
ALTER TABLE "room_designs" DROP COLUMN "room_type_map";--> statement-breakpoint
ALTER TABLE "room_designs" DROP COLUMN "notes_map";--> statement-breakpoint
ALTER TABLE "room_designs" DROP COLUMN "save_status_list";