CREATE SEQUENCE "public"."support_ticket_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "sla_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"first_response_low" integer,
	"first_response_normal" integer,
	"first_response_high" integer,
	"first_response_urgent" integer,
	"resolution_low" integer,
	"resolution_normal" integer,
	"resolution_high" integer,
	"resolution_urgent" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "support_agent_turns" (
	"team_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"last_assigned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category_v2_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "support_categories_v2" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"office_id" uuid,
	"team_id" uuid,
	"priority" text,
	"sla_policy_id" uuid,
	"intake_form" text,
	"canned_responses" text,
	"audience" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "support_offices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"campus_id" uuid,
	"email" text,
	"utc_offset_minutes" integer,
	"hours_m" text,
	"hours_t" text,
	"hours_w" text,
	"hours_th" text,
	"hours_f" text,
	"hours_s" text,
	"hours_a" text,
	"holidays" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "support_teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"office_id" uuid NOT NULL,
	"lead_id" uuid,
	"agent_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"absent_agent_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"capacity_per_agent" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "support_ticket_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_ticket_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"message_id" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint NOT NULL,
	"reference" text NOT NULL,
	"subject" text NOT NULL,
	"requester_name" text NOT NULL,
	"requester_email" text NOT NULL,
	"requester_number" text,
	"channel" text NOT NULL,
	"state" text NOT NULL,
	"priority" text NOT NULL,
	"category_v2_id" uuid,
	"category_id" uuid,
	"office_id" uuid,
	"team_id" uuid,
	"assignee_id" uuid,
	"sla_policy_id" uuid,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"public_token_hash" text NOT NULL,
	"message_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"sla_status" text DEFAULT 'ok' NOT NULL,
	"first_response_due_at" timestamp with time zone,
	"resolution_due_at" timestamp with time zone,
	"first_responded_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"rating" integer,
	"rating_comment" text,
	"merged_into_id" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_message_id_support_ticket_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."support_ticket_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_categories" ADD CONSTRAINT "support_categories_category_v2_id_support_categories_v2_id_fk" FOREIGN KEY ("category_v2_id") REFERENCES "public"."support_categories_v2"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_categories_v2" ADD CONSTRAINT "support_categories_v2_parent_id_support_categories_v2_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."support_categories_v2"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_categories_v2" ADD CONSTRAINT "support_categories_v2_office_id_support_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."support_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_categories_v2" ADD CONSTRAINT "support_categories_v2_team_id_support_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."support_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_categories_v2" ADD CONSTRAINT "support_categories_v2_sla_policy_id_sla_policies_id_fk" FOREIGN KEY ("sla_policy_id") REFERENCES "public"."sla_policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_offices" ADD CONSTRAINT "support_offices_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_teams" ADD CONSTRAINT "support_teams_office_id_support_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."support_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_teams" ADD CONSTRAINT "support_teams_lead_id_users_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_events" ADD CONSTRAINT "support_ticket_events_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_messages" ADD CONSTRAINT "support_ticket_messages_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_category_v2_id_support_categories_v2_id_fk" FOREIGN KEY ("category_v2_id") REFERENCES "public"."support_categories_v2"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_category_id_support_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."support_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_office_id_support_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."support_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_team_id_support_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."support_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_sla_policy_id_sla_policies_id_fk" FOREIGN KEY ("sla_policy_id") REFERENCES "public"."sla_policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sla_policies_code_unique" ON "sla_policies" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "sla_policies_name_unique" ON "sla_policies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "sla_policies_code_sort" ON "sla_policies" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "sla_policies_name_sort" ON "sla_policies" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "sla_policies_created_at_sort" ON "sla_policies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sla_policies_updated_at_sort" ON "sla_policies" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "sla_policies_code_trgm" ON "sla_policies" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sla_policies_name_trgm" ON "sla_policies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sla_policies_is_active_idx" ON "sla_policies" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "support_agent_turns_key" ON "support_agent_turns" USING btree ("team_id","agent_id");--> statement-breakpoint
CREATE INDEX "support_attachments_message_idx" ON "support_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_categories_code_unique" ON "support_categories" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "support_categories_name_unique" ON "support_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "support_categories_code_sort" ON "support_categories" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "support_categories_name_sort" ON "support_categories" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "support_categories_created_at_sort" ON "support_categories" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "support_categories_updated_at_sort" ON "support_categories" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "support_categories_category_v2_id_idx" ON "support_categories" USING btree ("category_v2_id");--> statement-breakpoint
CREATE INDEX "support_categories_code_trgm" ON "support_categories" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_categories_name_trgm" ON "support_categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_categories_description_trgm" ON "support_categories" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_categories_description_lower" ON "support_categories" USING btree (lower("description"));--> statement-breakpoint
CREATE INDEX "support_categories_is_active_idx" ON "support_categories" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "support_categories_v2_code_unique" ON "support_categories_v2" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "support_categories_v2_code_sort" ON "support_categories_v2" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "support_categories_v2_name_sort" ON "support_categories_v2" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "support_categories_v2_sort_order_sort" ON "support_categories_v2" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "support_categories_v2_created_at_sort" ON "support_categories_v2" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "support_categories_v2_updated_at_sort" ON "support_categories_v2" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "support_categories_v2_parent_id_idx" ON "support_categories_v2" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "support_categories_v2_office_id_idx" ON "support_categories_v2" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "support_categories_v2_team_id_idx" ON "support_categories_v2" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "support_categories_v2_sla_policy_id_idx" ON "support_categories_v2" USING btree ("sla_policy_id");--> statement-breakpoint
CREATE INDEX "support_categories_v2_code_trgm" ON "support_categories_v2" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_categories_v2_name_trgm" ON "support_categories_v2" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_categories_v2_name_lower" ON "support_categories_v2" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "support_categories_v2_is_active_idx" ON "support_categories_v2" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "support_offices_code_unique" ON "support_offices" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "support_offices_name_unique" ON "support_offices" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "support_offices_code_sort" ON "support_offices" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "support_offices_name_sort" ON "support_offices" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "support_offices_created_at_sort" ON "support_offices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "support_offices_updated_at_sort" ON "support_offices" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "support_offices_campus_id_idx" ON "support_offices" USING btree ("campus_id");--> statement-breakpoint
CREATE INDEX "support_offices_code_trgm" ON "support_offices" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_offices_name_trgm" ON "support_offices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_offices_email_trgm" ON "support_offices" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_offices_email_lower" ON "support_offices" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "support_offices_is_active_idx" ON "support_offices" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "support_teams_code_unique" ON "support_teams" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "support_teams_name_unique" ON "support_teams" USING btree ("office_id",lower("name"));--> statement-breakpoint
CREATE INDEX "support_teams_code_sort" ON "support_teams" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "support_teams_name_sort" ON "support_teams" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "support_teams_created_at_sort" ON "support_teams" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "support_teams_updated_at_sort" ON "support_teams" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "support_teams_office_id_idx" ON "support_teams" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "support_teams_lead_id_idx" ON "support_teams" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "support_teams_agent_ids_gin" ON "support_teams" USING gin ("agent_ids");--> statement-breakpoint
CREATE INDEX "support_teams_absent_agent_ids_gin" ON "support_teams" USING gin ("absent_agent_ids");--> statement-breakpoint
CREATE INDEX "support_teams_code_trgm" ON "support_teams" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_teams_name_trgm" ON "support_teams" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_teams_is_active_idx" ON "support_teams" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "support_ticket_events_ticket_idx" ON "support_ticket_events" USING btree ("ticket_id","at");--> statement-breakpoint
CREATE INDEX "support_ticket_messages_ticket_idx" ON "support_ticket_messages" USING btree ("ticket_id","at");--> statement-breakpoint
CREATE INDEX "support_ticket_messages_message_id_idx" ON "support_ticket_messages" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_tickets_reference_key" ON "support_tickets" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "support_tickets_public_token_key" ON "support_tickets" USING btree ("public_token_hash");--> statement-breakpoint
CREATE INDEX "support_tickets_created_idx" ON "support_tickets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_team_queue_idx" ON "support_tickets" USING btree ("team_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_assignee_idx" ON "support_tickets" USING btree ("assignee_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_office_idx" ON "support_tickets" USING btree ("office_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_requester_idx" ON "support_tickets" USING btree ("requester_email","state");--> statement-breakpoint
CREATE INDEX "support_tickets_sla_idx" ON "support_tickets" USING btree ("sla_status","state");--> statement-breakpoint
CREATE INDEX "support_tickets_message_ids_idx" ON "support_tickets" USING gin ("message_ids");--> statement-breakpoint
CREATE INDEX "support_tickets_search_idx" ON "support_tickets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sla_policies" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "support_categories" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "support_categories_v2" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "support_offices" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "support_teams" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "support_tickets" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
