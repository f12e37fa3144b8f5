-- The notifications table tells the cache when it changes, as the list tables do (migration 0004): every console
-- page asks for the unread count, which the embedded database then answers from memory until a notice changes.
CREATE TRIGGER list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notifications" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
