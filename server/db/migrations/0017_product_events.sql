ALTER TABLE "outbox" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_status" integer;--> statement-breakpoint
CREATE INDEX "outbox_event_app_idx" ON "outbox" USING btree ("target","created_at" DESC NULLS LAST) WHERE "outbox"."kind" = 'event';