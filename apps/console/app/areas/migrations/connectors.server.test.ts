import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { invalidForm } from '../../lib/answers.server';
import { ApiConnectorForm, ApisForm, checkedSource } from './apis.server';
import { DatabasesForm, DbConnectorForm } from './connectors.server';

/** A form as the browser posts it. */
function posted(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const ID = '7b0c6f1e-2a53-4c1e-9d0b-5f3a8e2c4d61';

/** What a refused form answers: its notice, each field's problems, and what it sends back as typed. */
const refusalOf = (answer: unknown) =>
  (answer as { data: { notice: { title: string; description: string }; result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } } }).data;

describe('the Databases screen’s forms', () => {
  it('reads a connection as the contract takes it: the port a number, TLS ticked, a blank password kept', () => {
    const submission = parseWithZod(
      posted({ intent: 'save', id: '', name: ' Old registrar ', kind: 'mysql', host: 'db.example.edu', port: '3306', database: 'sis', username: 'reader', password: '', tls: 'on', tlsCa: '' }),
      { schema: DatabasesForm },
    );
    expect(submission.status).toBe('success');
    expect(submission.status === 'success' && submission.value).toEqual({
      intent: 'save',
      name: 'Old registrar',
      kind: 'mysql',
      host: 'db.example.edu',
      port: 3306,
      database: 'sis',
      username: 'reader',
      password: '',
      tls: true,
      tlsCa: '',
    });
  });

  it("refuses a blank connection with the spec's notice, each missing field marked, the password never sent back", () => {
    const submission = parseWithZod(posted({ intent: 'save', id: '', name: '', kind: 'postgresql', host: '', port: '', database: 'sis', username: '', password: 'hunter2-secret', tlsCa: 'not a certificate' }), {
      schema: DatabasesForm,
    });
    const { notice, result } = refusalOf(invalidForm(submission, {}, { hideFields: ['password'] }));
    expect(notice).toEqual({ tone: 'error', title: 'Validation Error', description: 'Please fillup required fields.' });
    expect(result.error).toMatchObject({ name: ['Required'], host: ['Required'], port: ['Required'], username: ['Required'] });
    expect(result.error.tlsCa?.[0]).toMatch(/^Paste the CA certificate in PEM form/);
    expect(result.initialValue).toMatchObject({ intent: 'save', database: 'sis', tlsCa: 'not a certificate' });
    expect(JSON.stringify(result)).not.toContain('hunter2-secret');
  });

  it('tests or deletes a saved connection by its id, and no other', () => {
    const test = parseWithZod(posted({ intent: 'test', id: ID }), { schema: DatabasesForm });
    expect(test.status === 'success' && test.value).toEqual({ intent: 'test', id: ID });
    const unknown = parseWithZod(posted({ intent: 'delete', id: '../../users' }), { schema: DatabasesForm });
    expect(refusalOf(invalidForm(unknown)).result.error.id).toEqual(['Connection not found.']);
  });
});

describe('the Database Connector’s form', () => {
  const typed = { connection: ID, table: 'students', query: '', cursorColumn: 'id', resource: 'students', cron: '0 2 * * *', timeZone: 'Asia/Manila' };

  it('takes for each button only the fields of its route', () => {
    const preview = parseWithZod(posted({ ...typed, intent: 'preview' }), { schema: DbConnectorForm });
    expect(preview.status === 'success' && preview.value).toEqual({ intent: 'preview', connection: ID, table: 'students', query: '', cursorColumn: 'id' });
    const read = parseWithZod(posted({ ...typed, intent: 'read', incremental: 'on' }), { schema: DbConnectorForm });
    expect(read.status === 'success' && read.value).toEqual({ intent: 'read', connection: ID, table: 'students', query: '', cursorColumn: 'id', resource: 'students', incremental: true });
  });

  it('schedules every row when the box is not ticked, only new rows when it is', () => {
    const all = parseWithZod(posted({ ...typed, intent: 'schedule' }), { schema: DbConnectorForm });
    expect(all.status === 'success' && all.value.intent === 'schedule' && all.value.incremental).toBe(false);
    const newer = parseWithZod(posted({ ...typed, intent: 'schedule', incremental: 'on' }), { schema: DbConnectorForm });
    expect(newer.status === 'success' && newer.value.intent === 'schedule' && newer.value.incremental).toBe(true);
  });

  it('refuses a read without a template or a connection, and keeps what was typed', () => {
    const submission = parseWithZod(posted({ ...typed, intent: 'read', connection: '', resource: '' }), { schema: DbConnectorForm });
    const { notice, result } = refusalOf(invalidForm(submission));
    expect(notice.description).toBe('Please fillup required fields.');
    expect(result.error).toMatchObject({ connection: ['Required'], resource: ['Required'] });
    expect(result.initialValue).toMatchObject({ table: 'students', cursorColumn: 'id', cron: '0 2 * * *' });
  });
});

describe('the APIs screen’s forms', () => {
  it('checks a source as the API does: every field’s problem and the fields its paging needs, the secret never sent back', () => {
    const submission = parseWithZod(posted({ intent: 'save', id: '', name: '', baseUrl: 'ftp://sis.example.edu/students', authKind: 'none', secret: 'token-123', pagination: 'cursor', pageSize: '' }), {
      schema: ApisForm,
    });
    if (submission.status !== 'success' || submission.value.intent !== 'save') throw new Error('The form should parse.');
    const checked = checkedSource(submission.value);
    expect(checked.problem?.fieldErrors).toMatchObject({
      baseUrl: ['Enter an http:// or https:// address.'],
      pageParam: ['Please fillup required fields.'],
      nextPath: ['Please fillup required fields.'],
    });
    const { notice, result } = refusalOf(invalidForm(submission, checked.problem?.fieldErrors, { hideFields: ['secret'] }));
    expect(notice.description).toBe('Please fillup required fields.');
    expect(result.error).toMatchObject({ name: ['Required'], baseUrl: ['Enter an http:// or https:// address.'], nextPath: ['Required'] });
    expect(result.initialValue).toMatchObject({ baseUrl: 'ftp://sis.example.edu/students', pagination: 'cursor' });
    expect(JSON.stringify(result)).not.toContain('token-123');
  });

  it('makes a complete source the body the contract sends, a blank page size its default', () => {
    const submission = parseWithZod(posted({ intent: 'save', id: ID, name: ' Old SIS ', baseUrl: 'https://sis.example.edu/api/students', authKind: 'bearer', secret: '', pagination: 'page', pageParam: 'page', pageSize: '' }), {
      schema: ApisForm,
    });
    if (submission.status !== 'success' || submission.value.intent !== 'save') throw new Error('The form should parse.');
    expect(submission.value.id).toBe(ID);
    expect(checkedSource(submission.value).body).toMatchObject({ name: 'Old SIS', authKind: 'bearer', secret: '', pagination: 'page', pageParam: 'page', pageSize: 100 });
  });
});

describe('the API Connector’s form', () => {
  it('previews by the source alone, reads and schedules into a template', () => {
    const typed = { source: ID, resource: 'students', cron: '0 2 * * *', timeZone: 'Asia/Manila' };
    const preview = parseWithZod(posted({ ...typed, intent: 'preview' }), { schema: ApiConnectorForm });
    expect(preview.status === 'success' && preview.value).toEqual({ intent: 'preview', source: ID });
    const schedule = parseWithZod(posted({ ...typed, intent: 'schedule' }), { schema: ApiConnectorForm });
    expect(schedule.status === 'success' && schedule.value).toEqual({ intent: 'schedule', source: ID, resource: 'students', incremental: false, cron: '0 2 * * *', timeZone: 'Asia/Manila', isActive: true });
    const unknown = parseWithZod(posted({ ...typed, intent: 'read', source: 'x' }), { schema: ApiConnectorForm });
    expect(refusalOf(invalidForm(unknown)).result.error.source).toEqual(['Please fillup required fields.']);
  });
});
