CREATE TABLE "zalo_oa_tokens" (
	"app_id" text PRIMARY KEY NOT NULL,
	"seed_hash" text NOT NULL,
	"access_token" text,
	"access_expires_at" timestamp with time zone,
	"refresh_token" text NOT NULL,
	"refreshed_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"refused_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "vendor" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "vendor_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivery_detail" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivery_reported_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_vendor_message_idx" ON "outbox" USING btree ("vendor","vendor_message_id") WHERE "outbox"."vendor_message_id" is not null;