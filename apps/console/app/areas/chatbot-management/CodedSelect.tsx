import { Select } from '@campus/ui';

/** A filter's select of coded values with an "All" choice first (an empty value). */
export function CodedSelect({ label, name, options, value }: { label: string; name: string; options: readonly { value: string; label: string }[]; value: string }) {
  return <Select label={label} name={name} placeholder="All" options={options} defaultValue={value} />;
}
