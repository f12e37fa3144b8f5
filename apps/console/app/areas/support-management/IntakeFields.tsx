import type { ReactNode } from 'react';

export interface IntakeFieldView {
  readonly key: string;
  readonly label: string;
  readonly kind: string;
  readonly choices: readonly string[];
}

/**
 * The intake fields of every category in one fieldset, each once (`customFields.<key>`, as the API names the answers):
 * without JavaScript the form cannot show only the chosen category's, so the person fills in those of their request.
 * `answers` are those of a refused form, shown again.
 */
export function IntakeFields({
  categories,
  answers,
  error,
  legend,
}: {
  readonly categories: readonly { readonly intakeFields: readonly IntakeFieldView[] }[];
  readonly answers: unknown;
  readonly error: (name: string) => ReactNode;
  readonly legend: string;
}) {
  const fields = [...new Map(categories.flatMap((c) => c.intakeFields.map((f) => [f.key, f] as const))).values()];
  if (!fields.length) return null;
  const given = (key: string) => {
    const answer = answers && typeof answers === 'object' ? (answers as Record<string, unknown>)[key] : undefined;
    return typeof answer === 'string' ? answer : '';
  };
  return (
    <fieldset>
      <legend>{legend}</legend>
      {fields.map((f) => (
        <label key={f.key}>
          {f.label}
          {f.kind === 'choice' ? (
            <select name={`customFields.${f.key}`} defaultValue={given(f.key)}>
              <option value="">—</option>
              {f.choices.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          ) : (
            <input
              name={`customFields.${f.key}`}
              type={f.kind === 'number' ? 'number' : f.kind === 'date' ? 'date' : 'text'}
              defaultValue={given(f.key)}
            />
          )}
          {error(`customFields.${f.key}`)}
        </label>
      ))}
    </fieldset>
  );
}
