CREATE TABLE "chatbot_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"persona_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "chatbot_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender" text NOT NULL,
	"body" text NOT NULL,
	"matched" boolean,
	"response_id" uuid,
	"score" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "chatbot_personas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"avatar_url" text,
	"greeting" text NOT NULL,
	"fallback" text NOT NULL,
	"tone_note" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);--> statement-breakpoint
CREATE TABLE "chatbot_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"questions" text NOT NULL,
	"answer" text NOT NULL,
	"category" text NOT NULL,
	"office_id" uuid,
	"review_by" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);--> statement-breakpoint
CREATE TABLE "chatbot_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "chatbot_unanswered" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question" text NOT NULL,
	"normalized" text NOT NULL,
	"best_response_id" uuid,
	"best_score" double precision,
	"count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_asked_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "chatbot_conversations" ADD CONSTRAINT "chatbot_conversations_persona_id_chatbot_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."chatbot_personas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_messages" ADD CONSTRAINT "chatbot_messages_conversation_id_chatbot_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chatbot_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_responses" ADD CONSTRAINT "chatbot_responses_office_id_support_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."support_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chatbot_conversations_token_key" ON "chatbot_conversations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "chatbot_conversations_last_idx" ON "chatbot_conversations" USING btree ("last_at","id");--> statement-breakpoint
CREATE INDEX "chatbot_messages_conversation_idx" ON "chatbot_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "chatbot_messages_body_trgm_idx" ON "chatbot_messages" USING gin (lower("body") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "chatbot_personas_name_unique" ON "chatbot_personas" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "chatbot_personas_name_sort" ON "chatbot_personas" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "chatbot_personas_created_at_sort" ON "chatbot_personas" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "chatbot_personas_updated_at_sort" ON "chatbot_personas" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "chatbot_personas_name_trgm" ON "chatbot_personas" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chatbot_personas_greeting_trgm" ON "chatbot_personas" USING gin ("greeting" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chatbot_personas_greeting_lower" ON "chatbot_personas" USING btree (lower("greeting"));--> statement-breakpoint
CREATE INDEX "chatbot_personas_is_active_idx" ON "chatbot_personas" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "chatbot_responses_title_sort" ON "chatbot_responses" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "chatbot_responses_category_sort" ON "chatbot_responses" USING btree ("category","id");--> statement-breakpoint
CREATE INDEX "chatbot_responses_review_by_sort" ON "chatbot_responses" USING btree ("review_by","id");--> statement-breakpoint
CREATE INDEX "chatbot_responses_created_at_sort" ON "chatbot_responses" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "chatbot_responses_updated_at_sort" ON "chatbot_responses" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "chatbot_responses_office_id_idx" ON "chatbot_responses" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "chatbot_responses_title_trgm" ON "chatbot_responses" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chatbot_responses_title_lower" ON "chatbot_responses" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "chatbot_responses_questions_trgm" ON "chatbot_responses" USING gin ("questions" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chatbot_responses_questions_lower" ON "chatbot_responses" USING btree (lower("questions"));--> statement-breakpoint
CREATE INDEX "chatbot_responses_answer_trgm" ON "chatbot_responses" USING gin ("answer" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chatbot_responses_answer_lower" ON "chatbot_responses" USING btree (lower("answer"));--> statement-breakpoint
CREATE INDEX "chatbot_responses_is_active_idx" ON "chatbot_responses" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "chatbot_unanswered_normalized_key" ON "chatbot_unanswered" USING btree ("normalized");--> statement-breakpoint
CREATE INDEX "chatbot_unanswered_count_idx" ON "chatbot_unanswered" USING btree ("count","last_asked_at");--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "chatbot_personas" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "chatbot_responses" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();--> statement-breakpoint
CREATE TABLE "chatbot_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"email" text,
	"mobile" text,
	"student_id" uuid,
	"employee_id" uuid,
	"consent_at" date,
	"opted_out_at" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "chatbot_subscribers" ADD CONSTRAINT "chatbot_subscribers_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_subscribers" ADD CONSTRAINT "chatbot_subscribers_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chatbot_subscribers_email_unique" ON "chatbot_subscribers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "chatbot_subscribers_last_name_sort" ON "chatbot_subscribers" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "chatbot_subscribers_first_name_sort" ON "chatbot_subscribers" USING btree ("first_name","id");--> statement-breakpoint
CREATE INDEX "chatbot_subscribers_consent_at_sort" ON "chatbot_subscribers" USING btree ("consent_at","id");--> statement-breakpoint
CREATE INDEX "chatbot_subscribers_created_at_sort" ON "chatbot_subscribers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "chatbot_subscribers_updated_at_sort" ON "chatbot_subscribers" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "chatbot_subscribers_student_id_idx" ON "chatbot_subscribers" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "chatbot_subscribers_employee_id_idx" ON "chatbot_subscribers" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "chatbot_subscribers_last_name_trgm" ON "chatbot_subscribers" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chatbot_subscribers_last_name_lower" ON "chatbot_subscribers" USING btree (lower("last_name"));--> statement-breakpoint
CREATE INDEX "chatbot_subscribers_first_name_trgm" ON "chatbot_subscribers" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chatbot_subscribers_first_name_lower" ON "chatbot_subscribers" USING btree (lower("first_name"));--> statement-breakpoint
CREATE INDEX "chatbot_subscribers_email_trgm" ON "chatbot_subscribers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chatbot_subscribers_is_active_idx" ON "chatbot_subscribers" USING btree ("is_active");--> statement-breakpoint
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "chatbot_subscribers" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
