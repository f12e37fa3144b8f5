import type { ComponentType } from 'react';
import type { EntityRecord } from '@campus/api-contract';
import type { ApplicationInfo } from '@campus/domain-core';
import type { FormValues, IconName } from '@campus/ui';

/**
 * What an area's folder `app/areas/<segment>/` tells the console about itself, exported as `area` by its `area.ts`.
 * The folder's name is the application's launcher segment; the platform finds the manifests by that name
 * (`import.meta.glob` in the app, a directory read in `areas/routes.ts` when Vite starts) and lists no area.
 * A manifest holds data only, so that `areas/routes.ts` can read it before anything is built: the area's overrides of
 * the generic resource screens are in `area.overrides.tsx` (what they draw) and `area.server.ts` (what they load).
 */
export interface AreaManifest {
  /**
   * The area's launcher application (spec §1): its admin-scope code, the name and description of its card, its place
   * on the launcher and the pages every signed-in user may open without its scope. The segment is the folder's name.
   * The API's manifest of the same folder declares the same code, name, description and order (a test compares them).
   */
  readonly application: Omit<ApplicationInfo, 'segment'>;
  /** The application's icon on the launcher and in the header's apps popover. */
  readonly icon: IconName;
  /**
   * The area's own screens, mounted under `/app/<segment>/`. Those with a `label` follow the entity screens in the
   * area's side menu, in this order.
   */
  readonly screens?: readonly AreaScreen[];
  /**
   * Titles of the side menu's sections for entity screens one level down (`/app/<segment>/<group>/<resource>`), by
   * group segment: `{ hr: 'Human Resources' }`. A group without one is titled by its segment.
   */
  readonly groups?: Readonly<Record<string, string>>;
  /**
   * Older or alternative addresses of the area's entity screens and where they now are (a permanent redirect):
   * `/app/<segment>/<old>` → `/app/<segment>/<current>`, by `old`.
   */
  readonly moved?: Readonly<Record<string, string>>;
  /** Pages anyone may open without signing in, outside `/app`. */
  readonly publicPages?: readonly PublicPage[];
  /** Notes on the figures of the area's "Needs attention" panel that the area's API module reports, by figure key. */
  readonly attention?: AttentionNotes;
  /**
   * The area's screen (below its segment) that imports records of any entity with an import template, chosen by
   * `?resource=`: every list of such an entity links to it for a user who may open the area.
   */
  readonly importer?: string;
}

/** A page of an area that needs no sign-in (the web chat, the public help form, the kiosk). */
export interface PublicPage {
  /** Its whole address, in Remix's `route()` syntax, without the leading slash: `chat/unsubscribe/:token`. */
  readonly path: string;
  /** The route module, relative to the area's folder; it exports `publicPage = true`. */
  readonly file: string;
}

/** What an area's console module says about one of its attention figures. */
export interface AttentionNote {
  /** What to do about it, shown under the figure. */
  readonly hint?: string;
  /** Where to go instead of the counted resource's list. */
  readonly href?: string;
}

/** An area's notes on its attention figures, by figure key. */
export type AttentionNotes = Readonly<Record<string, AttentionNote>>;

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
  /**
   * Whether the panel stands in for the list this time, with what `listPanel` loaded: a view of the panel's own
   * (e.g. the unanswered questions, a tab beside the responses) shows under the title without the list.
   */
  readonly isListReplaced?: (data: never) => boolean;
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

/** An area's own screen, mounted under its segment in the admin layout (see `areas/routes.ts`). */
export interface AreaScreen {
  /** Below `/app/{segment}/`, in Remix's `route()` syntax (`campuses/:code`). */
  readonly path: string;
  /** The route module: relative to the area's folder in a manifest, relative to `app/` in `AREA_SCREENS`. */
  readonly file: string;
  /** Its entry in the area's side menu, when it has one (a screen of spec §2). */
  readonly label?: string;
  /** Its menu entry is shown to IAM administrators only. */
  readonly isIamAdminOnly?: boolean;
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
