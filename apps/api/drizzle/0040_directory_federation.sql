-- Access Management. Directory federation (decision 0064): one LDAP / Active Directory connection (its bind password
-- sealed like the other secrets, never returned), and the accounts it owns: each linked to its directory entry by the
-- entry's stable id (entryUUID, objectGUID…), with the DN and the user type last read and when the entry was last
-- seen. An account whose entry is gone is deactivated (removed_at set), never deleted.
CREATE TABLE "directory_connections" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"enabled" boolean DEFAULT false NOT NULL,
	"url" text NOT NULL,
	"tls" text DEFAULT 'none' NOT NULL,
	"ca_certificate" text,
	"bind_dn" text NOT NULL,
	"bind_password_sealed" text,
	"base_dn" text NOT NULL,
	"user_filter" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "directory_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"external_id" text NOT NULL,
	"dn" text NOT NULL,
	"user_type" text,
	"last_seen_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "directory_accounts_external_id_unique" ON "directory_accounts" USING btree ("external_id");
