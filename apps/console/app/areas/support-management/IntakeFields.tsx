import type { ReactNode } from 'react';

export interface IntakeFieldView {
  readonly key: string;
  readonly label: string;
  readonly kind: string;
  readonly choices: readonly string[];
}

/**
 * The intake fields of every category in one fieldset, each once (`custom.<key>`): without JavaScript the form
 * cannot show only the chosen category's, so the person fills in those of their request.
 */
export function IntakeFields({
  categories,
  values,
  error,
  legend,
}: {
  readonly categories: readonly { readonly intakeFields: readonly IntakeFieldView[] }[];
  readonly values: Record<string, string>;
  readonly error: (name: string) => ReactNode;
  readonly legend: string;
}) {
  const fields = [...new Map(categories.flatMap((c) => c.intakeFields.map((f) => [f.key, f] as const))).values()];
  if (!fields.length) return null;
  return (
    <fieldset>
      <legend>{legend}</legend>
      {fields.map((f) => (
        <label key={f.key}>
          {f.label}
          {f.kind === 'choice' ? (
            <select name={`custom.${f.key}`} defaultValue={values[`custom.${f.key}`] ?? ''}>
              <option value="">—</option>
              {f.choices.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          ) : (
            <input
              name={`custom.${f.key}`}
              type={f.kind === 'number' ? 'number' : f.kind === 'date' ? 'date' : 'text'}
              defaultValue={values[`custom.${f.key}`] ?? ''}
            />
          )}
          {error(`customFields.${f.key}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** The `custom.<key>` fields of a posted form, as the ticket's custom fields. */
export function customFieldsOf(values: Record<string, string>): Record<string, string> {
  const custom: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (k.startsWith('custom.') && v !== '') custom[k.slice(7)] = v;
  return custom;
}
