ALTER TABLE "tokens" DROP CONSTRAINT "tokens_kind";--> statement-breakpoint
ALTER TABLE "passkeys" ADD COLUMN "added_user_agent" text;--> statement-breakpoint
ALTER TABLE "passkeys" ADD COLUMN "added_session" text;--> statement-breakpoint
ALTER TABLE "passkeys" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "credential_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credential_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_session" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_user_agent" text;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_kind" CHECK ("tokens"."kind" in ('reset', 'magic', 'confirm', 'emailChange', 'emailUndo', 'recoveryReview'));