ALTER TABLE "uploads" ADD COLUMN "signature_hash" text;--> statement-breakpoint
CREATE INDEX "uploads_user_created_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_signature_hash_unique" UNIQUE("signature_hash");