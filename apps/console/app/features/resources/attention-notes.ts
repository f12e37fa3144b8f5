/** What an area's console module says about one of its attention figures. */
export interface AttentionNote {
  /** What to do about it, shown under the figure. */
  readonly hint?: string;
  /** Where to go instead of the counted resource's list. */
  readonly href?: string;
}
/** An area module's notes, by figure key: `app/areas/<segment>/attention.ts` exports `attention`. */
export type AttentionNotes = Readonly<Record<string, AttentionNote>>;

// Each area keeps its notes in its own folder; they are found by path, so this module names no area.
const modules = import.meta.glob<{ attention?: AttentionNotes }>('../../areas/*/attention.ts', { eager: true });
const notesBySegment = new Map(
  Object.entries(modules).map(([path, module]) => [path.split('/').at(-2) ?? '', module.attention ?? {}]),
);

/** The note an area's console module gives a figure, if any. */
export function attentionNote(segment: string, key: string): AttentionNote | undefined {
  return notesBySegment.get(segment)?.[key];
}
