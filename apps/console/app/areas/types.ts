import type { ComponentType } from 'react';
import type { EntityRecord } from '@campus/api-contract';
import type { FormValues } from '@campus/ui';

/**
 * What an area adds to the generic screens of one of its resources (ARCHITECTURE §3: an entity with special
 * behaviour adds to the generic pieces; it does not copy them). Everything else comes from the descriptor.
 */
export interface ResourceOverride {
  /** Narrows the choices of a reference field, as a `search=` of the referenced list (e.g. a role's modules). */
  readonly referenceSearch?: (field: string, values: FormValues) => string | undefined;
  /** Fields the signed-in user may see but not change (the API refuses the change anyway). */
  readonly lockedFields?: (user: { readonly iamAdmin: boolean }) => string[];
  /** A sentence shown above the form. */
  readonly formNote?: { readonly create?: string; readonly update?: string };
  /**
   * Shown below the edit form with the saved record (e.g. an announcement's personalised preview, an application's
   * single sign-on settings), with what the server override's `editPanel` loaded and its `editIntents` answered.
   */
  readonly EditPanel?: ComponentType<{ readonly record: EntityRecord; readonly data: never; readonly result: never }>;
  /** A row's colour and what it means in the list (e.g. a daily time record's day status). */
  readonly rowAccent?: (row: Readonly<Record<string, unknown>>) => { readonly color: string; readonly label: string } | undefined;
  /** Shown above the list with what the area's `listPanel` loader returned (e.g. the calendar's month). */
  readonly ListPanel?: ComponentType<{ readonly data: never }>;
}

/** Server side of a resource override: data for its `ListPanel`, loaded beside the list. */
export interface ResourceServerOverride {
  readonly listPanel?: (request: Request) => Promise<unknown>;
  /** Data for the `EditPanel`, loaded beside the edit form. */
  readonly editPanel?: (request: Request, id: string) => Promise<unknown>;
  /**
   * Forms of the `EditPanel` posted to the edit route with one of these `intent`s go to `action`, which answers
   * `{ panelResult }` (handed to the panel as `result`); every other post saves the record.
   */
  readonly editIntents?: {
    readonly intents: readonly string[];
    action(request: Request, id: string, form: FormData): Promise<unknown>;
  };
}

/** An area's own screens, mounted under its segment in the admin layout (see `vite.config.ts`). */
export interface AreaScreen {
  /** Below `/app/{segment}/`, in Remix's `route()` syntax (`campuses/:code`). */
  readonly path: string;
  /** The route module, relative to `app/`. */
  readonly file: string;
  /** The area's own index page (`path: ''`), in place of the generic one. */
  readonly index?: boolean;
  /**
   * A document of its own, such as a printable form: mounted under `/app` (the guard and the redirect cookie still
   * apply) but outside the admin layout, so it has no header or side menu and prints as itself.
   */
  readonly document?: boolean;
  /**
   * The module of the area's application the screen belongs to (e.g. `HR_RECORDS`), when it is no entity's screen:
   * the route guard refuses it, loader and action alike, to a user whose roles narrow the application to others.
   */
  readonly module?: string;
}
