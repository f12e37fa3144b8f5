import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CONFIRMED_FIELD, ConfirmPage, ConfirmSubmit } from './components/Confirm.js';
import { DateField, DateRange } from './components/DateField.js';
import { DueTime } from './components/DueTime.js';
import { FileDrop } from './components/FileDrop.js';
import { LinkTabs } from './components/LinkTabs.js';
import { PrintLayout } from './components/PrintLayout.js';
import { ProgressBar, deliverySegments } from './components/ProgressBar.js';
import { FilterBar } from './data/FilterBar.js';
import { sampleCampuses, sampleCollegeEntity } from './data/sample-entities.js';

/** Parses server HTML as a browser without JavaScript would. */
function parse(html: string): Document {
  return new DOMParser().parseFromString(`<form method="post">${html}</form>`, 'text/html');
}

function posted(html: string): [string, string][] {
  return [...new FormData(parse(html).querySelector('form') as HTMLFormElement).entries()].map(([k, v]) => [
    k,
    typeof v === 'string' ? v : `file:${v.name}`,
  ]);
}

describe('the building blocks without JavaScript', () => {
  it('posts a date field as yyyy-mm-dd', () => {
    expect(
      posted(renderToString(<DateField label="Date of birth" name="birthDate" defaultValue="1998-04-12" />)),
    ).toEqual([['birthDate', '1998-04-12']]);
  });

  it('posts both ends of a date range', () => {
    const html = renderToString(
      <DateRange
        label="Period"
        startName="from"
        endName="to"
        defaultStart="2026-11-01"
        defaultEnd="2026-11-30"
      />,
    );
    expect(posted(html)).toEqual([
      ['from', '2026-11-01'],
      ['to', '2026-11-30'],
    ]);
    expect(parse(html).querySelector('fieldset legend')?.textContent).toBe('Period');
  });

  it('renders the native file input inside the drop zone, labelled and named', () => {
    const doc = parse(renderToString(<FileDrop label="Spreadsheet" name="file" accept=".csv" isRequired />));
    const input = doc.querySelector('.cas-file-drop input[type="file"]') as HTMLInputElement;
    expect(input.name).toBe('file');
    expect(input.accept).toBe('.csv');
    expect(input.required).toBe(true);
    expect(doc.querySelector(`label[for="${input.id}"]`)?.textContent).toContain('Spreadsheet');
  });

  it('submits a confirm button without confirmed=yes, so the server can answer with the confirmation page', () => {
    const html = renderToString(
      <ConfirmSubmit name="intent" value="set-inactive" title="Sure?" description="All of them.">
        Set inactive
      </ConfirmSubmit>,
    );
    const doc = parse(html);
    const form = doc.querySelector('form') as HTMLFormElement;
    const button = doc.querySelector('button[type="submit"]') as HTMLButtonElement;
    expect([...new FormData(form, button).entries()]).toEqual([['intent', 'set-inactive']]);
  });

  it('posts the confirmation page with the first fields and confirmed=yes', () => {
    const doc = new DOMParser().parseFromString(
      renderToString(
        <ConfirmPage
          title="Sure?"
          description="All of them."
          action="/batch"
          fields={[
            ['intent', 'set-inactive'],
            [CONFIRMED_FIELD, 'no'],
          ]}
          cancelHref="/batch"
        />,
      ),
      'text/html',
    );
    const form = doc.querySelector('form') as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/batch');
    expect([...new FormData(form).entries()]).toEqual([
      ['intent', 'set-inactive'],
      [CONFIRMED_FIELD, 'yes'],
    ]);
  });

  it('serves the filters folded with their count, every field still posting', () => {
    const html = renderToString(
      <FilterBar
        entity={sampleCollegeEntity}
        values={{ campusId: sampleCampuses[0]!.value, isActive: 'true' }}
        referenceOptions={{ campusId: sampleCampuses }}
        searchParams="q=eng"
      />,
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('details')?.hasAttribute('open')).toBe(false);
    expect(doc.querySelector('summary')?.textContent).toBe('Filters (2)');
    const data = new FormData(doc.querySelector('form') as HTMLFormElement);
    expect(data.get('q')).toBe('eng');
    expect(data.get('isActive')).toBe('true');
  });

  it('renders a due time with its zone and machine-readable instant', () => {
    const html = renderToString(<DueTime due="2026-12-01T02:00:00Z" now="2026-12-01T00:00:00Z" />);
    expect(html).toContain('dateTime="2026-12-01T02:00:00.000Z"');
    expect(parse(html).querySelector('time')?.textContent).toBe('due in 2 h · Tue 10:00 PHT');
  });

  it('renders the progress text alternative on the server', () => {
    const html = renderToString(
      <ProgressBar
        label="Delivery"
        total={3}
        segments={deliverySegments({ sent: 2, skipped: 1, failed: 0 })}
      />,
    );
    expect(parse(html).querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext')).toBe(
      '3 of 3 done: 2 sent, 1 skipped, 0 failed',
    );
  });

  it('renders link tabs as links with the current one marked', () => {
    const doc = parse(
      renderToString(
        <LinkTabs
          label="Views"
          current="?v=b"
          tabs={[
            { href: '?v=a', label: 'A' },
            { href: '?v=b', label: 'B' },
          ]}
        />,
      ),
    );
    expect(
      [...doc.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.getAttribute('aria-current')]),
    ).toEqual([
      ['?v=a', null],
      ['?v=b', 'page'],
    ]);
  });

  it('leaves the Print button out until JavaScript runs', () => {
    const html = renderToString(<PrintLayout title="Personal Data Sheet">Body</PrintLayout>);
    expect(html).not.toContain('Print</button>');
    expect(parse(html).querySelector('h1')?.textContent).toBe('Personal Data Sheet');
  });
});
