CREATE TABLE "remembered_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "remembered_devices_token_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sso_clients" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"is_confidential" boolean DEFAULT true NOT NULL,
	"secret_ciphertext" text,
	"secret_created_at" timestamp with time zone,
	"redirect_uris" text[] DEFAULT '{}'::text[] NOT NULL,
	"post_logout_redirect_uris" text[] DEFAULT '{}'::text[] NOT NULL,
	"allow_refresh_tokens" boolean DEFAULT true NOT NULL,
	"access_token_minutes" integer DEFAULT 60 NOT NULL,
	"refresh_token_days" integer DEFAULT 14 NOT NULL,
	"is_open_to_all" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid,
	CONSTRAINT "sso_clients_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "sso_payloads" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"account_id" text,
	"client_id" text,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "sso_payloads_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "sso_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk_ciphertext" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"signs_from" timestamp with time zone NOT NULL,
	"retires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "totp_factors" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" bigint
);
--> statement-breakpoint
CREATE TABLE "totp_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "applications_code_unique";--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "application_code" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor" text;--> statement-breakpoint
ALTER TABLE "remembered_devices" ADD CONSTRAINT "remembered_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_clients" ADD CONSTRAINT "sso_clients_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "totp_factors" ADD CONSTRAINT "totp_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "totp_recovery_codes" ADD CONSTRAINT "totp_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remembered_devices_user_idx" ON "remembered_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sso_payloads_grant_idx" ON "sso_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "sso_payloads_uid_idx" ON "sso_payloads" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX "sso_payloads_user_code_idx" ON "sso_payloads" USING btree ("model","user_code");--> statement-breakpoint
CREATE INDEX "sso_payloads_account_idx" ON "sso_payloads" USING btree ("account_id","model");--> statement-breakpoint
CREATE INDEX "sso_payloads_expires_idx" ON "sso_payloads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "totp_recovery_codes_user_idx" ON "totp_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "applications_code_lower" ON "applications" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "modules_application_code_lower" ON "modules" USING btree (lower("application_code"));--> statement-breakpoint
CREATE INDEX "roles_application_code_lower" ON "roles" USING btree (lower("application_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "applications_code_unique" ON "applications" USING btree (lower("code"));--> statement-breakpoint
-- Deactivating a user ends everything the provider holds for them; removing their last role of an application
-- ends that application's grants, codes and tokens (decision 0050). Tokens are also checked on every use.
CREATE OR REPLACE FUNCTION sso_revoke_on_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.is_active THEN
    DELETE FROM sso_payloads WHERE account_id = NEW.id::text;
  ELSE
    DELETE FROM sso_payloads p USING sso_clients c, applications a
     WHERE p.account_id = NEW.id::text AND p.client_id = c.client_id AND a.id = c.application_id
       AND NOT c.is_open_to_all
       AND NOT EXISTS (SELECT 1 FROM roles r WHERE r.id = ANY(NEW.role_ids) AND r.is_active AND r.application_code = a.code);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sso_revoke_on_user_change AFTER UPDATE OF is_active, role_ids ON "users" FOR EACH ROW
  WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.role_ids IS DISTINCT FROM NEW.role_ids)
  EXECUTE FUNCTION sso_revoke_on_user_change();
