-- Access Management. Directory federation, group → role mapping (decision 0064, amended): the connection's group
-- settings (where an entry's groups are read, and which group grants which roles), and for each account the directory
-- owns, the roles its groups granted it. Those are the roles the directory takes away again when the groups no longer
-- grant them; every other role on the account was granted by hand and the directory never touches it.
ALTER TABLE "directory_connections" ADD COLUMN "groups" jsonb DEFAULT '{"source":"none","baseDn":"","filter":"(objectClass=groupOfNames)","memberAttribute":"member","rules":[]}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "directory_accounts" ADD COLUMN "role_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;
