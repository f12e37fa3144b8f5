/** A filter's select of coded values with an "All" choice first (an empty value). */
export function CodedSelect({ label, name, options, value }: { label: string; name: string; options: readonly { value: string; label: string }[]; value: string }) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
