/** A coded value as stored (`value`) and as shown (`label`). */
export interface CodedOption<V extends string | number = string | number> {
  readonly value: V;
  readonly label: string;
}

/** Builds a typed option list and a lookup from a `[value, label]` table. */
export function codedValues<const V extends string | number>(
  table: readonly (readonly [V, string])[],
): readonly CodedOption<V>[] {
  return table.map(([value, label]) => ({ value, label }));
}

export function labelOf<V extends string | number>(
  options: readonly CodedOption<V>[],
  value: V | null | undefined,
): string {
  if (value === null || value === undefined) return '';
  return options.find((o) => o.value === value)?.label ?? String(value);
}

export function valuesOf<V extends string | number>(options: readonly CodedOption<V>[]): [V, ...V[]] {
  const values = options.map((o) => o.value);
  if (values.length === 0) throw new Error('A coded value list needs at least one value.');
  return values as [V, ...V[]];
}
