CREATE TABLE "order_events" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"app_code" text NOT NULL,
	"store_id" text NOT NULL,
	"store_name" text NOT NULL,
	"package_id" text NOT NULL,
	"package_code" text NOT NULL,
	"package_name" text NOT NULL,
	"months" integer NOT NULL,
	"bonus_months" integer DEFAULT 0 NOT NULL,
	"subtotal" bigint NOT NULL,
	"partner_discount" integer DEFAULT 0 NOT NULL,
	"commission_type" text NOT NULL,
	"commission_value" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"app_code" text NOT NULL,
	"reference_no" text NOT NULL,
	"transaction_id" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"total" bigint NOT NULL,
	"note" text,
	"created_by" text NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"status_note" text,
	"status_by" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" text PRIMARY KEY NOT NULL,
	"app_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"months" integer NOT NULL,
	"price" bigint NOT NULL,
	"priority" integer NOT NULL,
	"partner_discount" integer DEFAULT 0 NOT NULL,
	"bonus_months" integer DEFAULT 0 NOT NULL,
	"commission_type" text DEFAULT 'percent' NOT NULL,
	"commission_value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"reference_no" text NOT NULL,
	"method" text NOT NULL,
	"gateway" text NOT NULL,
	"amount" bigint NOT NULL,
	"points_used" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"gateway_ref" text,
	"gateway_txn" text,
	"raw_callback" jsonb,
	"note" text,
	"operator" text,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" text PRIMARY KEY NOT NULL,
	"app_code" text NOT NULL,
	"store_id" text NOT NULL,
	"name" text NOT NULL,
	"owner_id" text NOT NULL,
	"package_code" text,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"last_price" bigint,
	"last_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 12 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_key" ON "orders" USING btree ("reference_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_transaction_key" ON "orders" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("app_code","idempotency_key") WHERE "orders"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "packages_app_code_key" ON "packages" USING btree ("app_code","code");--> statement-breakpoint
CREATE INDEX "packages_list_idx" ON "packages" USING btree ("app_code","is_active","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_key" ON "payments" USING btree ("reference_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_ref_key" ON "payments" USING btree ("gateway","gateway_ref") WHERE "payments"."gateway_ref" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_txn_key" ON "payments" USING btree ("gateway","gateway_txn") WHERE "payments"."gateway_txn" is not null;--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","is_hidden","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_app_store_key" ON "stores" USING btree ("app_code","store_id");--> statement-breakpoint
CREATE INDEX "stores_owner_idx" ON "stores" USING btree ("owner_id","app_code","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."done_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at" DESC NULLS LAST);
--> statement-breakpoint
-- DESIGN §10 default catalog for the four apps; edit with `npm run admin -- packages export|import`.
INSERT INTO "packages" ("id", "app_code", "code", "name", "description", "months", "price", "priority", "partner_discount", "bonus_months", "commission_type", "commission_value", "is_active") VALUES
('pkg_lp_free', 'lp', 'FREE', 'Landing page Free', 'Try it out: one project, basic features', 1, 0, 0, 0, 0, 'percent', 0, true),
('pkg_lp_starter', 'lp', 'STARTER', 'Landing page Starter', 'For a first shop or page: core features, email support', 1, 99000, 10, 50, 0, 'percent', 20, true),
('pkg_lp_pro', 'lp', 'PRO', 'Landing page Pro', 'For growing businesses: every feature, priority support', 1, 299000, 20, 50, 0, 'percent', 20, true),
('pkg_lp_premium_5', 'lp', 'PREMIUM_5', 'Landing page Business 3', 'A year for small teams (up to 3 members), 2 months free', 12, 5000000, 30, 40, 2, 'percent', 15, true),
('pkg_lp_premium_10', 'lp', 'PREMIUM_10', 'Landing page Business 10', 'A year for teams of up to 10, 3 months free', 12, 9000000, 40, 40, 3, 'percent', 15, true),
('pkg_lp_premium_20', 'lp', 'PREMIUM_20', 'Landing page Business 20', 'A year for teams of up to 20, 4 months free', 12, 16000000, 50, 40, 4, 'percent', 15, true),
('pkg_lp_enterprise', 'lp', 'ENTERPRISE', 'Landing page Enterprise', 'A year with custom limits, SLA and an account manager, 6 months free', 12, 30000000, 60, 35, 6, 'fixed', 3000000, true),
('pkg_luid_free', 'luid', 'FREE', 'Account Free', 'Try it out: one project, basic features', 1, 0, 0, 0, 0, 'percent', 0, true),
('pkg_luid_starter', 'luid', 'STARTER', 'Account Starter', 'For a first shop or page: core features, email support', 1, 99000, 10, 50, 0, 'percent', 20, true),
('pkg_luid_pro', 'luid', 'PRO', 'Account Pro', 'For growing businesses: every feature, priority support', 1, 299000, 20, 50, 0, 'percent', 20, true),
('pkg_luid_premium_5', 'luid', 'PREMIUM_5', 'Account Business 3', 'A year for small teams (up to 3 members), 2 months free', 12, 5000000, 30, 40, 2, 'percent', 15, true),
('pkg_luid_premium_10', 'luid', 'PREMIUM_10', 'Account Business 10', 'A year for teams of up to 10, 3 months free', 12, 9000000, 40, 40, 3, 'percent', 15, true),
('pkg_luid_premium_20', 'luid', 'PREMIUM_20', 'Account Business 20', 'A year for teams of up to 20, 4 months free', 12, 16000000, 50, 40, 4, 'percent', 15, true),
('pkg_luid_enterprise', 'luid', 'ENTERPRISE', 'Account Enterprise', 'A year with custom limits, SLA and an account manager, 6 months free', 12, 30000000, 60, 35, 6, 'fixed', 3000000, true),
('pkg_ls_free', 'ls', 'FREE', 'Sales Free', 'Try it out: one project, basic features', 1, 0, 0, 0, 0, 'percent', 0, true),
('pkg_ls_starter', 'ls', 'STARTER', 'Sales Starter', 'For a first shop or page: core features, email support', 1, 79000, 10, 50, 0, 'percent', 20, true),
('pkg_ls_pro', 'ls', 'PRO', 'Sales Pro', 'For growing businesses: every feature, priority support', 1, 239000, 20, 50, 0, 'percent', 20, true),
('pkg_ls_premium_5', 'ls', 'PREMIUM_5', 'Sales Business 3', 'A year for small teams (up to 3 members), 2 months free', 12, 4000000, 30, 40, 2, 'percent', 15, true),
('pkg_ls_premium_10', 'ls', 'PREMIUM_10', 'Sales Business 10', 'A year for teams of up to 10, 3 months free', 12, 7200000, 40, 40, 3, 'percent', 15, true),
('pkg_ls_premium_20', 'ls', 'PREMIUM_20', 'Sales Business 20', 'A year for teams of up to 20, 4 months free', 12, 12800000, 50, 40, 4, 'percent', 15, true),
('pkg_ls_enterprise', 'ls', 'ENTERPRISE', 'Sales Enterprise', 'A year with custom limits, SLA and an account manager, 6 months free', 12, 24000000, 60, 35, 6, 'fixed', 2400000, true),
('pkg_la_free', 'la', 'FREE', 'Link Free', 'Try it out: one project, basic features', 1, 0, 0, 0, 0, 'percent', 0, true),
('pkg_la_starter', 'la', 'STARTER', 'Link Starter', 'For a first shop or page: core features, email support', 1, 50000, 10, 50, 0, 'percent', 20, true),
('pkg_la_pro', 'la', 'PRO', 'Link Pro', 'For growing businesses: every feature, priority support', 1, 150000, 20, 50, 0, 'percent', 20, true),
('pkg_la_premium_5', 'la', 'PREMIUM_5', 'Link Business 3', 'A year for small teams (up to 3 members), 2 months free', 12, 2500000, 30, 40, 2, 'percent', 15, true),
('pkg_la_premium_10', 'la', 'PREMIUM_10', 'Link Business 10', 'A year for teams of up to 10, 3 months free', 12, 4500000, 40, 40, 3, 'percent', 15, true),
('pkg_la_premium_20', 'la', 'PREMIUM_20', 'Link Business 20', 'A year for teams of up to 20, 4 months free', 12, 8000000, 50, 40, 4, 'percent', 15, true),
('pkg_la_enterprise', 'la', 'ENTERPRISE', 'Link Enterprise', 'A year with custom limits, SLA and an account manager, 6 months free', 12, 15000000, 60, 35, 6, 'fixed', 1500000, true)
ON CONFLICT DO NOTHING;
