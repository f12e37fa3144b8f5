// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { EntityForm } from './EntityForm.js';
import { decodeEntityForm, payloadOf } from './form-encoding.js';
import { sampleCampuses, sampleCollegeEntity as college } from './sample-entities.js';

afterEach(cleanup);

const many = Array.from({ length: 20 }, (_, i) => ({
  value: `7b0a4c1e-4a51-4c0b-9f3e-2f1b8a0c01${String(i).padStart(2, '0')}`,
  label: `Program ${i}`,
}));

function renderForm(props: Partial<Parameters<typeof EntityForm>[0]> = {}) {
  return render(
    <EntityForm
      entity={college}
      mode="create"
      label="New college"
      referenceOptions={{ campusId: sampleCampuses, programIds: many }}
      {...props}
    />,
  );
}

describe('EntityForm', () => {
  it.each([
    ['Code', 'textbox', 'code'],
    ['Name', 'textbox', 'name'],
    ['Email', 'textbox', 'email'],
    ['Description', 'textbox', 'description'],
    ['Capacity', 'spinbutton', 'capacity'],
    ['Kind', 'combobox', 'kind'],
    ['Main college', 'switch', 'isMain'],
  ])('renders %s as a labelled %s named %s', (label, role, name) => {
    renderForm();
    const control = screen.getByRole(role, { name: new RegExp(`^${label}`) }) as HTMLInputElement;
    expect(control.getAttribute('name')).toBe(name);
  });

  it('renders a reference field as a combobox whose chosen id is posted under the field name', async () => {
    renderForm({ values: { campusId: sampleCampuses[0]?.value } });
    const box = screen.getByRole('combobox', { name: /^Campus/ }) as HTMLInputElement;
    expect(box.value).toBe('Main Campus');
    const form = screen.getByRole('form', { name: 'New college' }) as HTMLFormElement;
    expect(new FormData(form).get('campusId')).toBe(sampleCampuses[0]?.value);
    await userEvent.clear(box);
    await userEvent.type(box, 'North');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(box.value).toBe('North Campus');
    expect(new FormData(form).get('campusId')).toBe(sampleCampuses[1]?.value);
  });

  it('posts as a plain form without browser validation', () => {
    renderForm();
    const form = screen.getByRole('form', { name: 'New college' }) as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.noValidate).toBe(true);
  });

  it('marks required fields', () => {
    renderForm();
    expect(screen.getByRole('textbox', { name: /^Code/ }).getAttribute('aria-required')).toBe('true');
    expect(screen.getByRole('combobox', { name: /^Campus/ }).getAttribute('aria-required')).toBe('true');
    expect(screen.getByRole('textbox', { name: /^Email/ }).getAttribute('aria-required')).toBeNull();
  });

  it('gives time fields seconds and the hh:mm:ss hint', () => {
    const { container } = renderForm();
    const time = container.querySelector('input[name=opensAt]');
    expect(time?.getAttribute('type')).toBe('time');
    expect(time?.getAttribute('step')).toBe('1');
    expect(screen.getByText('24-hour time, hh:mm:ss')).toBeTruthy();
  });

  it('keeps submitted values and shows each field’s error beside it', () => {
    renderForm({
      values: {
        code: 'CEN',
        name: '',
        campusId: sampleCampuses[1]?.value,
        days: ['W'],
        isMain: 'on',
        kind: '2',
      },
      errors: { name: ['Required'], campusId: null },
      formErrors: ['Please fillup required fields.'],
    });
    expect((screen.getByRole('textbox', { name: /^Code/ }) as HTMLInputElement).value).toBe('CEN');
    expect((screen.getByRole('combobox', { name: /^Campus/ }) as HTMLInputElement).value).toBe('North Campus');
    const form = screen.getByRole('form', { name: 'New college' }) as HTMLFormElement;
    expect(new FormData(form).get('campusId')).toBe(sampleCampuses[1]?.value);
    expect((screen.getByRole('combobox', { name: /^Kind/ }) as HTMLSelectElement).value).toBe('2');
    expect((screen.getByRole('checkbox', { name: 'Wednesday' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Main college' }) as HTMLInputElement).checked).toBe(true);
    const name = screen.getByRole('textbox', { name: /^Name/ });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Required')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Please fillup required fields.');
  });

  it('posts what the descriptor decodes back into an input', async () => {
    renderForm({ values: { code: 'CEN', name: 'Engineering', campusId: sampleCampuses[0]?.value } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Main college' }));
    const form = screen.getByRole('form', { name: 'New college' }) as HTMLFormElement;
    const input = decodeEntityForm(college, payloadOf(new FormData(form)), 'create');
    expect(input).toMatchObject({
      code: 'CEN',
      name: 'Engineering',
      campusId: sampleCampuses[0]?.value,
      days: ['M'],
      isMain: true,
    });
  });

  it('narrows a long list of choices with a search box, keeping checked ones posted', async () => {
    renderForm({ values: { programIds: [many[0]?.value ?? ''] } });
    const search = await screen.findByRole('searchbox', { name: 'Search programs' });
    await userEvent.type(search, 'Program 11');
    expect(screen.getByRole('checkbox', { name: 'Program 11' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Program 3' })).toBeNull();
    const form = screen.getByRole('form', { name: 'New college' }) as HTMLFormElement;
    expect(new FormData(form).getAll('programIds')).toEqual([many[0]?.value]);
  });

  it('asks the server for reference choices beyond the ones passed in, and keeps the chosen one', async () => {
    const campuses = Array.from({ length: 20 }, (_, i) => ({
      value: `7b0a4c1e-4a51-4c0b-9f3e-2f1b8a0c02${String(i).padStart(2, '0')}`,
      label: `Campus ${i}`,
    }));
    const far = { value: '7b0a4c1e-4a51-4c0b-9f3e-2f1b8a0c0999', label: 'Marawi Campus' };
    const asked: string[] = [];
    const searchChoices = async (field: string, text: string) => {
      asked.push(`${field}:${text}`);
      return [far, ...campuses].filter((o) => o.label.toLowerCase().includes(text.toLowerCase()));
    };
    render(<EntityForm entity={college} mode="create" label="New college" referenceOptions={{ campusId: campuses }} searchChoices={searchChoices} />);
    const box = screen.getByRole('combobox', { name: /^Campus/ }) as HTMLInputElement;
    await userEvent.type(box, 'marawi');
    await screen.findByRole('option', { name: 'Marawi Campus' }, { timeout: 3000 });
    // Asked after a pause in typing (a slow machine may pause mid-word too), last with the whole text.
    expect(asked.at(-1)).toBe('campusId:marawi');
    expect(asked.every((a) => 'campusId:marawi'.startsWith(a))).toBe(true);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(box.value).toBe('Marawi Campus');
    const form = screen.getByRole('form', { name: 'New college' }) as HTMLFormElement;
    expect(new FormData(form).get('campusId')).toBe(far.value);
  });

  it('shows a field it may not change as disabled', () => {
    renderForm({ readOnlyFields: ['isMain'] });
    expect((screen.getByRole('switch', { name: 'Main college' }) as HTMLInputElement).disabled).toBe(true);
  });
});
