-- SCIM pushes are now recorded as jobs in the change's own transaction and handed to the job engine once it commits
-- (decision 0065): the commit markers are no longer needed.
DROP TABLE IF EXISTS "scim_changes";
