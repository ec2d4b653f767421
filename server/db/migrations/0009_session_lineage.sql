ALTER TABLE "sessions" ADD COLUMN "parent_session_id" text;--> statement-breakpoint
CREATE INDEX "sessions_parent_idx" ON "sessions" USING btree ("parent_session_id");