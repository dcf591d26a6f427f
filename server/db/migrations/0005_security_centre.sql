ALTER TABLE "tokens" DROP CONSTRAINT "tokens_kind";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "stepped_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_kind" CHECK ("tokens"."kind" in ('reset', 'magic', 'confirm', 'emailChange', 'emailUndo'));