import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerOf, checkedBody, fieldNameOf, formAnswerOf, invalidForm, queryOf, replyWithApiErrors } from './answers.server';

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.append(k, v);
  return data;
};
const Schema = z.object({ name: z.string().min(1, 'Required'), radius: z.number().min(1, 'At least 1 metre.') });

/** The init of a `data()` answer: its status. */
const statusOf = (answer: unknown) => (answer as { init: { status: number } | null }).init?.status;
const dataOf = <T,>(answer: unknown) => (answer as { data: T }).data;

describe('answers of the API', () => {
  it('gives the body of the expected status, the not-found page for a 404 and the error page otherwise', async () => {
    expect(answerOf({ status: 200, body: { data: 1 } }, 200)).toEqual({ data: 1 });
    expect(() => answerOf({ status: 404, body: { message: 'No such record.' } }, 200)).toThrow();
    try {
      answerOf({ status: 404, body: {} }, 200);
    } catch (thrown) {
      expect(statusOf(thrown)).toBe(404);
      expect(dataOf<{ message: string }>(thrown).message).toBe('This page could not be found');
    }
    try {
      answerOf({ status: 403, body: { message: 'No Access' } }, 200);
    } catch (thrown) {
      expect((thrown as Response).status).toBe(403);
      expect(await (thrown as Response).json()).toEqual({ message: 'No Access' });
    }
  });

  it('names the form field of an API field error as Conform does', () => {
    expect(fieldNameOf('name')).toBe('name');
    expect(fieldNameOf('photos.1')).toBe('photos[1]');
    expect(fieldNameOf('customFields.room')).toBe('customFields.room');
    expect(fieldNameOf('(body)')).toBe('');
  });

  it("puts the API's field errors on their fields and keeps what was typed", () => {
    const submission = parseWithZod(form({ name: 'Kiosk', radius: '5' }), { schema: Schema });
    const reply = replyWithApiErrors(submission, { message: 'Invalid name: Taken', fieldErrors: { name: ['Taken'], '(body)': ['Whole'] } });
    expect(reply.error).toMatchObject({ name: ['Taken'], '': ['Whole'] });
    expect(reply.initialValue).toMatchObject({ name: 'Kiosk', radius: '5' });
  });

  it('answers a refused input on the form with the Validation Error notice, and anything else with the error page', () => {
    const submission = parseWithZod(form({ name: 'Kiosk', radius: '5' }), { schema: Schema });
    const refused = formAnswerOf({ status: 409, body: { message: 'Code is existing in Main Campus.', fieldErrors: { name: ['Code is existing in Main Campus.'] } } }, 201, submission);
    expect(statusOf(refused.refusal)).toBe(409);
    expect(dataOf<{ notice: { title: string; description: string } }>(refused.refusal).notice).toMatchObject({ title: 'Validation Error', description: 'Code is existing in Main Campus.' });
    expect(formAnswerOf({ status: 201, body: { data: 1 } }, 201, submission).body).toEqual({ data: 1 });
    expect(() => formAnswerOf({ status: 500, body: { message: 'Boom' } }, 201, submission)).toThrow();
  });

  it("marks empty required fields 'Required' with the spec's notice, else the first problem", () => {
    const missing = invalidForm(parseWithZod(form({ name: '', radius: '5' }), { schema: Schema }));
    expect(dataOf<{ notice: { description: string } }>(missing).notice.description).toBe('Please fillup required fields.');
    expect(dataOf<{ result: { error: Record<string, string[]> } }>(missing).result.error.name).toEqual(['Required']);
    const wrong = invalidForm(parseWithZod(form({ name: 'Kiosk', radius: '0' }), { schema: Schema }));
    expect(dataOf<{ notice: { description: string } }>(wrong).notice.description).toBe('At least 1 metre.');
  });

  it("answers a parsed form whose body the contract refuses as a form that does not parse, each problem on its field", () => {
    const posted = form({ name: 'Kiosk', 'customFields.room': '' });
    for (const photo of ['front.jpg', 'side.jpg']) posted.append('photos', photo);
    const Posted = z.object({ name: z.string(), photos: z.array(z.string()), customFields: z.object({ room: z.string().optional() }) });
    const submission = parseWithZod(posted, { schema: Posted });
    const refused = invalidForm(submission, { 'photos.1': ['Not a photo.'], '(body)': ['Nothing to save.'] });
    expect(statusOf(refused)).toBe(400);
    const { result, notice } = dataOf<{ result: { error: Record<string, string[]>; initialValue: unknown }; notice: { title: string; description: string } }>(refused);
    expect(result.error).toMatchObject({ 'photos[1]': ['Not a photo.'], '': ['Nothing to save.'] });
    expect(result.initialValue).toMatchObject({ name: 'Kiosk' });
    expect(notice).toMatchObject({ title: 'Validation Error', description: 'Not a photo.' });
    const missing = invalidForm(submission, { name: ['At most 3 characters.'], 'customFields.room': ['Choose a room.'] });
    expect(dataOf<{ notice: { description: string } }>(missing).notice.description).toBe('Please fillup required fields.');
    expect(dataOf<{ result: { error: Record<string, string[]> } }>(missing).result.error).toMatchObject({ name: ['At most 3 characters.'], 'customFields.room': ['Required'] });
  });

  it('keeps a password out of what a refused form sends back', () => {
    const Login = z.object({ name: z.string().min(1, 'Required'), password: z.string() });
    const refused = invalidForm(parseWithZod(form({ name: '', password: 'hunter2-secret' }), { schema: Login }), {}, { hideFields: ['password'] });
    const { result } = dataOf<{ result: { initialValue: Record<string, unknown>; error: Record<string, string[]> } }>(refused);
    expect(result.error.name).toEqual(['Required']);
    expect(result.initialValue.password).toBeUndefined();
    expect(JSON.stringify(result)).not.toContain('hunter2-secret');
  });

  it('never sends back the fields it is told to hide (passwords), only their problems', () => {
    const Passwords = z.object({ email: z.string(), newPassword: z.string().min(12, 'Use 12 to 128 characters.') });
    const refused = invalidForm(parseWithZod(form({ email: 'ana@example.edu', newPassword: 'short' }), { schema: Passwords }), {}, { hideFields: ['newPassword'] });
    const { result } = dataOf<{ result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }>(refused);
    expect(result.error.newPassword).toEqual(['Use 12 to 128 characters.']);
    expect(result.initialValue).toEqual({ email: 'ana@example.edu' });
  });

  it('words a refused query or body as the API does', () => {
    const Query = z.object({ state: z.enum(['open', 'closed']).optional() });
    expect(queryOf(Query, { state: 'open' }).query).toEqual({ state: 'open' });
    expect(queryOf(Query, { state: 'x' }).error).toMatch(/^Invalid query\.state: /);
    expect(checkedBody(Schema, { name: '', radius: 2 }).problem).toEqual({ message: 'Invalid name: Required', fieldErrors: { name: ['Required'] } });
  });
});
