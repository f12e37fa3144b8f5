// The part of pg-copy-streams (COPY … FROM STDIN for node-postgres) the API writes rows with.
declare module 'pg-copy-streams' {
  import type { Writable } from 'node:stream';
  import type { Submittable } from 'pg';

  export interface CopyStreamQuery extends Writable, Submittable {
    readonly rowCount: number;
  }

  export function from(text: string): CopyStreamQuery;
}
