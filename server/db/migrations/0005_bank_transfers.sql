CREATE TABLE "bank_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"content" text NOT NULL,
	"reference_no" text,
	"order_id" text,
	"status" text NOT NULL,
	"raw" jsonb NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_transfers_status_idx" ON "bank_transfers" USING btree ("status","created_at" DESC NULLS LAST);