/** Paths of the Data Migration screens (shared by the screens and their server code). */
export const MIGRATIONS = '/app/migrations';
export const UPLOADER = `${MIGRATIONS}/uploader`;
export const HISTORIES = `${MIGRATIONS}/histories`;
export const DATABASES = `${MIGRATIONS}/databases`;
export const DB_CONNECTOR = `${MIGRATIONS}/db-connector`;
export const APIS = `${MIGRATIONS}/apis`;
export const API_CONNECTOR = `${MIGRATIONS}/api-connector`;
