import { parseWithZod } from '@conform-to/zod';
import { ATTACHMENT_MAX_BYTES, CreateTicketSchema, PublicCreateTicketSchema } from '@campus/api-contract';
import { describe, expect, it } from 'vitest';
import { attachmentErrorsOf } from './attachment-errors';
import { ticketFormBody, ticketFormSchema } from './ticket-files.server';

const CATEGORY = '6f1c2b8e-3d4a-4b5c-9d6e-7f8a9b0c1d2e';

/** A new-ticket form as the browser posts it: every field, and the file input (empty when no file is chosen). */
function posted(fields: Record<string, string>, files: File[] = [new File([], '')]) {
  const form = new FormData();
  const all = { requesterName: 'Andres Mabini', requesterEmail: 'Andres.Mabini@student.example.edu', requesterNumber: '', categoryV2Id: CATEGORY, priority: '', subject: 'Transcript', body: 'One copy, please.', ...fields };
  for (const [name, value] of Object.entries(all)) form.append(name, value);
  for (const file of files) form.append('attachments', file);
  return form;
}

const NewTicketForm = ticketFormSchema(CreateTicketSchema);

/** The problems of a submission that did not parse, by field. */
const errorsOf = (submission: { status?: string; error?: unknown }) => (submission.status === 'success' ? undefined : submission.error);

describe('ticket forms parsed against the contract', () => {
  it('takes a new ticket as the API does: trimmed, the email lower-cased, the intake answers given and the files chosen', () => {
    const slip = new File(['Request slip 0042'], 'request-slip.txt', { type: 'text/plain' });
    const submission = parseWithZod(posted({ 'customFields.copies': '2', 'customFields.purpose': ' ' }, [slip]), { schema: NewTicketForm });
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    const { attachments, ...fields } = submission.value;
    expect(fields).toMatchObject({ requesterEmail: 'andres.mabini@student.example.edu', categoryV2Id: CATEGORY, customFields: { copies: '2' } });
    expect(attachments.map((f) => f.name)).toEqual(['request-slip.txt']);
    const body = ticketFormBody(fields, attachments);
    expect(body.get('customFields.copies')).toBe('2');
    expect(body.has('customFields.purpose')).toBe(false);
    expect(body.has('requesterNumber')).toBe(false);
    expect((body.get('attachments') as File).name).toBe('request-slip.txt');
  });

  it('reads an empty file input as no file, and a form without intake answers as the API reads it', () => {
    const submission = parseWithZod(posted({}), { schema: NewTicketForm });
    expect(submission.status).toBe('success');
    if (submission.status === 'success') {
      expect(submission.value.attachments).toEqual([]);
      expect(submission.value.customFields).toBeUndefined();
    }
  });

  it('puts the contract’s messages on their fields and keeps what was typed', () => {
    const submission = parseWithZod(posted({ subject: '', requesterEmail: 'not an address', categoryV2Id: '' }), { schema: NewTicketForm });
    expect(submission.status).toBe('error');
    expect(errorsOf(submission)).toMatchObject({ subject: ['Required'], requesterEmail: ['Enter a valid email address.'], categoryV2Id: ['Choose a category.'] });
    expect(submission.reply().initialValue).toMatchObject({ requesterName: 'Andres Mabini', body: 'One copy, please.' });
  });

  it('checks the attachment limits first, with the messages the API gives', () => {
    const small = (name: string) => new File(['x'], name);
    const tooMany = parseWithZod(posted({ subject: '' }, ['a', 'b', 'c', 'd'].map(small)), { schema: NewTicketForm });
    expect(errorsOf(tooMany)).toEqual({ attachments: ['At most 3 files.'] });
    const large = new File([new Uint8Array(ATTACHMENT_MAX_BYTES + 1)], 'scan.pdf');
    const tooLarge = parseWithZod(posted({}, [large]), { schema: NewTicketForm });
    expect(errorsOf(tooLarge)).toEqual({ attachments: ['A file may be at most 150 KiB.'] });
  });

  it('refuses on the public form what its schema does not take', () => {
    const submission = parseWithZod(posted({ priority: '' }), { schema: ticketFormSchema(PublicCreateTicketSchema) });
    expect(errorsOf(submission)).toMatchObject({ '': [expect.stringMatching(/Unrecognized key/)] });
    const form = posted({});
    form.delete('priority');
    expect(parseWithZod(form, { schema: ticketFormSchema(PublicCreateTicketSchema) }).status).toBe('success');
  });

  it('shows the form’s own file problems and those the API names by the file’s place beside the file input', () => {
    expect(attachmentErrorsOf({ subject: ['Required'], attachments: ['At most 3 files.'], 'attachments[1]': ['scan.pdf is larger than 150 KiB.'] })).toEqual([
      'At most 3 files.',
      'scan.pdf is larger than 150 KiB.',
    ]);
  });
});
