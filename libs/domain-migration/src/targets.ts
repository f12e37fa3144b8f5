import type { AnyEntity, EntityRegistry, FieldDescriptor } from '@campus/domain-core';

/**
 * Where a template column's value goes. `field`: a field of the same name. `state`: the record's `isActive` or
 * `status`. `reference`: a reference field, the cell holding the referenced record's natural key (its code).
 * `names`: the spec's one `names` column, split into last, first and middle name. `computed`: a template column
 * whose value the database works out (a credit ledger's balance): in the template and its guide, ignored on import.
 */
export type ColumnTarget =
  | { readonly kind: 'field'; readonly field: string }
  | { readonly kind: 'state'; readonly field: 'isActive' | 'status' }
  | { readonly kind: 'reference'; readonly field: string; readonly resource: string; readonly keyField: string; readonly many: boolean }
  | { readonly kind: 'names'; readonly fields: readonly ['lastName', 'firstName', 'middleName'] }
  | { readonly kind: 'computed'; readonly field: string };

/** One column of an import: its name in the file, where it goes, and what the guide says about it. */
export interface ImportColumn {
  readonly name: string;
  readonly target: ColumnTarget;
  /** In the spec's template (false: another writable field the file may also carry). */
  readonly inTemplate: boolean;
  readonly type: string;
  readonly required: boolean;
  /** Allowed coded values, as `value = label`. */
  readonly codedValues: readonly string[];
  readonly example: string;
  readonly description: string;
}

/** An entity that can be imported: its resource, template columns in the spec's order, and its natural key. */
export interface ImportTarget {
  readonly resource: string;
  /** The template's name as the spec gives it (`Students`, `AcademicDepartments`…): the entity's plural label. */
  readonly name: string;
  readonly label: string;
  readonly application: string;
  /** Template columns first (spec order), then the entity's other writable fields. */
  readonly columns: readonly ImportColumn[];
  /** Fields that identify an existing record (upsert): the entity's first unique field and its scope; empty = always create. */
  readonly naturalKey: readonly string[];
}

/**
 * Template columns whose name is neither a field nor `<field without Id>Code`: where the spec's column goes, by
 * resource. Every other column is derived from the descriptor.
 */
const COLUMN_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  colleges: { deanEmpNumber: 'deanId' },
  students: { admittedYearCode: 'admittedAcademicYearId', admittedSemCode: 'admittedSemesterId', subjects_enrolled: 'subjectIds' },
  'enrolled-students': { status: 'enrollmentStatus' },
  'daily-time-records': { employeeNumber: 'employeeId' },
  'leave-credits': { employeeNumber: 'employeeId' },
  'service-credits': { employeeNumber: 'employeeId' },
};

/** Template names the spec gives where the entity's plural label reads otherwise. */
const TEMPLATE_NAMES: Readonly<Record<string, string>> = {
  'academic-departments': 'AcademicDepartments',
  courses: 'Courses',
  'hr-departments': 'Departments',
};

const NAME_FIELDS = ['lastName', 'firstName', 'middleName'] as const;

/** The natural key of an entity: its first unique field (with its scope), else nothing. */
export function naturalKeyOf(entity: AnyEntity): readonly string[] {
  const first = entity.unique[0];
  return first ? [first.field, ...(first.scope ?? [])] : [];
}

function referenceKey(registry: EntityRegistry, resource: string): string {
  const referenced = registry.byResource(resource);
  const key = referenced ? naturalKeyOf(referenced) : [];
  return key.length === 1 ? key[0]! : 'code';
}

const TYPE_NAMES: Record<FieldDescriptor['kind'], string> = {
  text: 'text',
  textarea: 'text',
  email: 'email address',
  url: 'web address',
  password: 'text',
  number: 'number',
  integer: 'whole number',
  date: 'date (yyyy-mm-dd)',
  datetime: 'date and time (ISO 8601)',
  time: 'time (hh:mm:ss)',
  boolean: 'true or false',
  enum: 'coded value',
  'multi-enum': 'coded values separated by ;',
  reference: 'code',
  'multi-reference': 'codes separated by ;',
};

function exampleOf(f: FieldDescriptor, sample: unknown, name: string): string {
  if (f.kind === 'reference') return name.endsWith('Number') || name.startsWith('employee') ? 'EMP-0001' : 'CODE-01';
  if (f.kind === 'multi-reference') return 'CODE-01;CODE-02';
  if (f.kind === 'enum' || f.kind === 'multi-enum') return String(f.options[0]?.value ?? '');
  if (sample !== undefined && sample !== null && typeof sample !== 'object') return String(sample);
  if (f.kind === 'boolean') return 'true';
  if (f.kind === 'date') return '2026-06-01';
  if (f.kind === 'time') return '08:00:00';
  if (f.kind === 'number' || f.kind === 'integer') return '1';
  return '';
}

function columnFor(entity: AnyEntity, registry: EntityRegistry, name: string, inTemplate: boolean, sample: Record<string, unknown>): ImportColumn | undefined {
  const state = entity.state.kind;
  if (name === state) {
    const values = entity.state.kind === 'status' ? entity.state.lifecycle.values.map((v) => `${v.value} = ${v.label}`) : [];
    return {
      name,
      target: { kind: 'state', field: state },
      inTemplate,
      type: state === 'isActive' ? 'true or false' : 'coded value',
      required: false,
      codedValues: values,
      example: state === 'isActive' ? 'true' : String(entity.state.kind === 'status' ? entity.state.lifecycle.initial : ''),
      description: state === 'isActive' ? 'Empty means true.' : 'Empty means the first status.',
    };
  }
  if (name === 'names' && NAME_FIELDS.every((n) => n in entity.fields)) {
    return {
      name,
      target: { kind: 'names', fields: NAME_FIELDS },
      inTemplate,
      type: 'text: last name, first name, middle name',
      required: true,
      codedValues: [],
      example: [sample.lastName, sample.firstName, sample.middleName].filter(Boolean).join(', ') || 'Dela Cruz, Juan, Santos',
      description: 'Last name, first name and middle name separated by commas; the middle name may be left out.',
    };
  }
  const mapped = COLUMN_FIELDS[entity.resource]?.[name];
  const base = name.replace(/(Code|Id)$/, '');
  const fieldName = mapped ?? (name in entity.fields ? name : base !== name && `${base}Id` in entity.fields ? `${base}Id` : undefined);
  if (!fieldName) return undefined;
  const f = entity.fields[fieldName]!;
  if (f.readOnly) {
    if (!inTemplate) return undefined;
    return {
      name,
      target: { kind: 'computed', field: fieldName },
      inTemplate,
      type: TYPE_NAMES[f.kind],
      required: false,
      codedValues: [],
      example: '',
      description: `${f.description ?? f.label} Leave it blank: a value here is not imported.`,
    };
  }
  const coded = f.kind === 'enum' || f.kind === 'multi-enum' ? f.options.map((o) => `${o.value} = ${o.label}`) : [];
  const isRef = f.kind === 'reference' || f.kind === 'multi-reference';
  const target: ColumnTarget = isRef
    ? { kind: 'reference', field: fieldName, resource: f.resource, keyField: referenceKey(registry, f.resource), many: f.kind === 'multi-reference' }
    : { kind: 'field', field: fieldName };
  const referenced = isRef ? registry.byResource(f.resource) : undefined;
  return {
    name,
    target,
    inTemplate,
    type: isRef ? `${TYPE_NAMES[f.kind]} of ${referenced?.label.toLowerCase() ?? f.resource}` : TYPE_NAMES[f.kind],
    required: f.required,
    codedValues: coded,
    example: exampleOf(f, sample[fieldName], name),
    description: f.description ?? f.label,
  };
}

/** The import target of an entity with a template, derived from its descriptor. */
export function importTargetOf(entity: AnyEntity, registry: EntityRegistry): ImportTarget | undefined {
  if (!entity.template) return undefined;
  let sample: Record<string, unknown> = {};
  try {
    sample = entity.sample('01');
  } catch {
    sample = {};
  }
  const columns: ImportColumn[] = [];
  const covered = new Set<string>();
  const coveredFields = (c: ImportColumn) =>
    c.target.kind === 'names' ? c.target.fields : [c.target.field];
  for (const name of entity.template) {
    const column = columnFor(entity, registry, name, true, sample);
    if (!column) throw new Error(`${entity.resource}: the template column ${name} has no field.`);
    columns.push(column);
    for (const f of coveredFields(column)) covered.add(f);
  }
  for (const [name, f] of Object.entries(entity.fields)) {
    if (covered.has(name) || f.readOnly) continue;
    const extraName = f.kind === 'reference' || f.kind === 'multi-reference' ? name.replace(/Ids?$/, 'Code') : name;
    const column = columnFor(entity, registry, name, false, sample);
    if (column) columns.push({ ...column, name: extraName === name ? name : extraName });
    covered.add(name);
  }
  if (!covered.has(entity.state.kind)) columns.push(columnFor(entity, registry, entity.state.kind, false, sample)!);
  return {
    resource: entity.resource,
    name: TEMPLATE_NAMES[entity.resource] ?? entity.pluralLabel.replace(/\s+/g, ''),
    label: entity.pluralLabel,
    application: entity.application,
    columns,
    naturalKey: naturalKeyOf(entity),
  };
}

/** Every entity with a bulk-import template, in registry order; each resource once. */
export function importTargets(registry: EntityRegistry): ImportTarget[] {
  const seen = new Set<string>();
  const targets: ImportTarget[] = [];
  for (const entity of registry.all) {
    if (seen.has(entity.resource)) continue;
    const target = importTargetOf(entity, registry);
    if (target) {
      seen.add(entity.resource);
      targets.push(target);
    }
  }
  return targets;
}

export const templateColumns = (target: ImportTarget): ImportColumn[] => target.columns.filter((c) => c.inTemplate);
