CREATE TABLE "organisation_logos" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"media_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"version" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "organisation_logos_media_type" CHECK ("organisation_logos"."media_type" in ('image/png', 'image/webp')),
	CONSTRAINT "organisation_logos_size" CHECK (octet_length("organisation_logos"."content") <= 65536)
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "accent" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "logo_version" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "brand_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisation_logos" ADD CONSTRAINT "organisation_logos_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_accent" CHECK ("organisations"."accent" ~ '^#[0-9a-f]{6}$');