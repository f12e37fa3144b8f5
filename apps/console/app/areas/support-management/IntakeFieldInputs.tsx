import { DateField, Select, TextField } from '@campus/ui';

export interface IntakeInputView {
  readonly key: string;
  readonly label: string;
  readonly kind: string;
  readonly choices: readonly string[];
  readonly required?: boolean;
}

/**
 * The intake fields of one category in the design system's fields (`customFields.<key>`, as the API names the
 * answers): a choice as a select, a date as a date field, the others as text. `answers` are those of a refused form.
 */
export function IntakeFieldInputs({
  fields,
  answers,
  errorOf,
  legend,
}: {
  readonly fields: readonly IntakeInputView[];
  readonly answers: unknown;
  readonly errorOf: (name: string) => string | undefined;
  readonly legend: string;
}) {
  if (!fields.length) return null;
  const given = (key: string) => {
    const answer = answers && typeof answers === 'object' ? (answers as Record<string, unknown>)[key] : undefined;
    return typeof answer === 'string' ? answer : '';
  };
  return (
    <fieldset className="cas-support-intake">
      <legend className="cas-field__label">{legend}</legend>
      {fields.map((f) => {
        const name = `customFields.${f.key}`;
        const common = { label: f.label, name, error: errorOf(name), isRequired: f.required ?? false };
        if (f.kind === 'choice') {
          return <Select key={f.key} {...common} placeholder="Choose…" defaultValue={given(f.key)} options={f.choices.map((c) => ({ value: c, label: c }))} />;
        }
        if (f.kind === 'date') return <DateField key={f.key} {...common} defaultValue={given(f.key) || undefined} />;
        return <TextField key={f.key} {...common} type="text" inputMode={f.kind === 'number' ? 'numeric' : undefined} defaultValue={given(f.key)} />;
      })}
    </fieldset>
  );
}
