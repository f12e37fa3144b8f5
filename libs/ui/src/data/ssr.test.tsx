import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EntityForm } from './EntityForm.js';
import { decodeEntityForm, payloadOf } from './form-encoding.js';
import { sampleCampuses, sampleCollegeEntity as college } from './sample-entities.js';
import { StateControl } from './StateControl.js';

/** Parses server HTML and reads the form the way a browser without JavaScript would post it. */
function postedForm(html: string): FormData {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return new FormData(doc.querySelector('form') as HTMLFormElement);
}

describe('server-rendered data forms post without JavaScript', () => {
  it('posts an edit form with every value it was given', () => {
    const values = {
      code: 'CEN',
      name: 'College of Engineering',
      campusId: sampleCampuses[1]?.value,
      opensAt: '07:30:00',
      kind: '2',
      days: ['M', 'W'],
      isMain: 'on',
    };
    const html = renderToString(
      <EntityForm
        entity={college}
        mode="update"
        values={values}
        referenceOptions={{ campusId: sampleCampuses }}
      />,
    );
    const input = decodeEntityForm(college, payloadOf(postedForm(html)), 'update');
    expect(input).toMatchObject({
      code: 'CEN',
      name: 'College of Engineering',
      campusId: sampleCampuses[1]?.value,
      opensAt: '07:30:00',
      kind: 2,
      days: ['M', 'W'],
      isMain: true,
      email: null,
    });
  });

  it('renders no search box for choices before JavaScript runs', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ value: `v${i}`, label: `Campus ${i}` }));
    const html = renderToString(
      <EntityForm entity={college} mode="create" referenceOptions={{ campusId: many }} />,
    );
    expect(html).not.toContain('type="search"');
    // A reference field is a native select until the page hydrates into the combobox.
    expect(html).toMatch(/<select[^>]*name="campusId"/);
  });

  it('posts a state change with its intent and id', () => {
    const html = renderToString(
      <StateControl entity={college} row={{ _id: 'r1', name: 'X', isActive: true }} />,
    );
    const data = postedForm(html);
    expect(Object.fromEntries(data.entries())).toEqual({ intent: 'set-state', id: 'r1' });
    expect(html).toContain('name="isActive" value="false"');
  });
});
