import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { runSettingsOf, UploaderForm } from './migration.server';

const RUN = '0b6f8a52-5d7e-4c1a-9d8e-2f3a4b5c6d7e';

/** An uploader form as the browser posts it. */
function posted(fields: readonly (readonly [string, string])[]) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

const parse = (fields: readonly (readonly [string, string])[]) => parseWithZod(posted(fields), { schema: UploaderForm, disableAutoCoercion: true });

describe('the uploader’s forms', () => {
  it('reads each header of the file with the column chosen for it, whatever the header says', () => {
    const headers = ['Student No.', 'Name [given]', 'Remarks'];
    const dry = parse([
      ['run', RUN],
      ...headers.flatMap((h, i) => [[`headers[${i}]`, h] as const, [`columns[${i}]`, ['studentNumber', 'firstName', ''][i]!] as const]),
      ['mode', 'all'],
      ['dateFormat', 'dd/mm/yyyy'],
      ['intent', 'check'],
    ]);
    if (dry.status !== 'success' || dry.value.intent === 'rerun') throw new Error('The dry run form did not parse.');
    expect(runSettingsOf(dry.value).body).toEqual({
      mapping: { 'Student No.': 'studentNumber', 'Name [given]': 'firstName', Remarks: '' },
      mode: 'all',
      dateFormat: 'dd/mm/yyyy',
    });
  });

  it('takes the contract’s mode and date format when none is sent, and refuses one it does not know', () => {
    const plain = parse([['run', RUN], ['intent', 'start']]);
    if (plain.status !== 'success' || plain.value.intent === 'rerun') throw new Error('The run form did not parse.');
    expect(runSettingsOf(plain.value).body).toEqual({ mapping: {}, mode: 'skip', dateFormat: 'mm/dd/yyyy' });
    const tampered = parse([['run', RUN], ['intent', 'start'], ['mode', 'drop-table']]);
    expect(tampered.status === 'error' && tampered.error?.mode?.length).toBe(1);
  });

  it('says a run that is not a run’s id could not be found, and reads a rerun', () => {
    const bad = parse([['run', '../etc'], ['intent', 'rerun']]);
    expect(bad.status === 'error' && bad.error?.run).toEqual(['This run could not be found.']);
    const rerun = parse([['run', RUN], ['intent', 'rerun']]);
    expect(rerun.status === 'success' && rerun.value).toEqual({ intent: 'rerun', run: RUN });
  });
});
