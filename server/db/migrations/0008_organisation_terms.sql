ALTER TABLE "organisations" ADD COLUMN "terms_wording" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "terms_url" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "privacy_url" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "terms_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_terms_wording" CHECK ("organisations"."terms_wording" in ('default', 'wernsing_food_family', 'ceramtec', 'unicef_for_every_child', 'lit'));