CREATE TABLE "commissions" (
	"id" text PRIMARY KEY NOT NULL,
	"affiliate_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"order_id" text NOT NULL,
	"order_line_id" text NOT NULL,
	"level" integer NOT NULL,
	"type" text NOT NULL,
	"program" text DEFAULT 'Affiliate' NOT NULL,
	"order_amount" bigint NOT NULL,
	"rate" numeric(6, 2) NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'UNPAID' NOT NULL,
	"invoice_id" text,
	"invoiced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"affiliate_id" text NOT NULL,
	"month" text NOT NULL,
	"total" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"paid_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_line_key" ON "commissions" USING btree ("order_line_id","affiliate_id","level");--> statement-breakpoint
CREATE INDEX "commissions_affiliate_idx" ON "commissions" USING btree ("affiliate_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "commissions_affiliate_status_idx" ON "commissions" USING btree ("affiliate_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "commissions_order_idx" ON "commissions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "commissions_invoice_idx" ON "commissions" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_affiliate_month_key" ON "invoices" USING btree ("affiliate_id","month") WHERE "invoices"."status" <> 'CANCEL';--> statement-breakpoint
CREATE INDEX "invoices_affiliate_idx" ON "invoices" USING btree ("affiliate_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);