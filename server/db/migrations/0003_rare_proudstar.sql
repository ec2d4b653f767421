CREATE TABLE "affiliates" (
	"user_id" text PRIMARY KEY NOT NULL,
	"level" text DEFAULT '1' NOT NULL,
	"payment_info" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"balance" text NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"reference_no" text NOT NULL,
	"note" text,
	"app_code" text,
	"customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"points" numeric(14, 2) NOT NULL,
	"reference_no" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_code_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "flow_affilate_code" text;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_logs" ADD CONSTRAINT "credit_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_logs" ADD CONSTRAINT "credit_logs_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_logs" ADD CONSTRAINT "point_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_logs_reference_key" ON "credit_logs" USING btree ("reference_no");--> statement-breakpoint
CREATE INDEX "credit_logs_user_idx" ON "credit_logs" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_logs_user_type_idx" ON "credit_logs" USING btree ("user_id","type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "point_logs_reference_key" ON "point_logs" USING btree ("reference_no");--> statement-breakpoint
CREATE INDEX "point_logs_user_idx" ON "point_logs" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_flow_affilate_code_key" ON "users" USING btree (lower("flow_affilate_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_code_key" ON "users" USING btree (lower("code"));