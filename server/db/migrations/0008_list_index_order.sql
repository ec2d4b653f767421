DROP INDEX "credit_logs_user_idx";--> statement-breakpoint
DROP INDEX "credit_logs_user_type_idx";--> statement-breakpoint
DROP INDEX "point_logs_user_idx";--> statement-breakpoint
DROP INDEX "bank_transfers_status_idx";--> statement-breakpoint
DROP INDEX "commissions_affiliate_idx";--> statement-breakpoint
DROP INDEX "commissions_affiliate_status_idx";--> statement-breakpoint
DROP INDEX "invoices_affiliate_idx";--> statement-breakpoint
DROP INDEX "orders_user_idx";--> statement-breakpoint
DROP INDEX "orders_user_status_idx";--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
DROP INDEX "packages_list_idx";--> statement-breakpoint
DROP INDEX "payments_user_idx";--> statement-breakpoint
DROP INDEX "stores_owner_idx";--> statement-breakpoint
DROP INDEX "outbox_created_idx";--> statement-breakpoint
DROP INDEX "referrals_referrer_idx";--> statement-breakpoint
DROP INDEX "security_events_user_idx";--> statement-breakpoint
CREATE INDEX "credit_logs_user_idx" ON "credit_logs" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "credit_logs_user_type_idx" ON "credit_logs" USING btree ("user_id","type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "point_logs_user_idx" ON "point_logs" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bank_transfers_status_idx" ON "bank_transfers" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "commissions_affiliate_idx" ON "commissions" USING btree ("affiliate_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "commissions_affiliate_status_idx" ON "commissions" USING btree ("affiliate_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_affiliate_idx" ON "invoices" USING btree ("affiliate_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "packages_list_idx" ON "packages" USING btree ("app_code","is_active","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","is_hidden","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stores_owner_idx" ON "stores" USING btree ("owner_id","app_code","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "security_events_user_idx" ON "security_events" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);