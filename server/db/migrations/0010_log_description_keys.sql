ALTER TABLE "credit_logs" ADD COLUMN "description_key" text;--> statement-breakpoint
ALTER TABLE "credit_logs" ADD COLUMN "description_params" jsonb;--> statement-breakpoint
ALTER TABLE "point_logs" ADD COLUMN "description_key" text;--> statement-breakpoint
ALTER TABLE "point_logs" ADD COLUMN "description_params" jsonb;