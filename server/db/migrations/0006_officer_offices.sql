ALTER TABLE "users" ADD COLUMN "office_level" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "office_province_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "office_district_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_office_province_id_provinces_id_fk" FOREIGN KEY ("office_province_id") REFERENCES "public"."provinces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_office_district_id_districts_id_fk" FOREIGN KEY ("office_district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Officers from before offices keep seeing the whole country (as they did) until an admin narrows them.
UPDATE "users" SET "office_level" = 'national' WHERE "role" = 'officer';
