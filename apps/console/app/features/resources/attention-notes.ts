import { areaAt } from '../../areas/manifests';
import type { AttentionNote } from '../../areas/types';

export type { AttentionNote, AttentionNotes } from '../../areas/types';

/** The note an area's manifest (`app/areas/<segment>/area.ts`, `attention`) gives one of its figures, if any. */
export function attentionNote(segment: string, key: string): AttentionNote | undefined {
  const notes = areaAt(segment)?.attention;
  return notes && Object.hasOwn(notes, key) ? notes[key] : undefined;
}
