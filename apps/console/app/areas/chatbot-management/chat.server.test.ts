import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { ChatForm } from './chat.server';

/** A chat form as the browser posts it. */
function posted(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const parse = (fields: Record<string, string>) => parseWithZod(posted(fields), { schema: ChatForm, disableAutoCoercion: true });

describe('the public chat’s forms', () => {
  it('reads a form sent with Enter (no button) as a message, trimmed', () => {
    const sent = parse({ message: '  When does enrolment open?  ' });
    expect(sent.status === 'success' && sent.value).toEqual({ intent: 'message', message: 'When does enrolment open?' });
  });

  it("refuses an empty message in the contract's words", () => {
    const empty = parse({ message: '   ' });
    expect(empty.status === 'error' && empty.error?.message).toEqual(['Type a message.']);
  });

  it('reads the email address for a code as the API keeps it, and refuses one that is not an address', () => {
    const asked = parse({ intent: 'identify', email: ' Juan.Dela.Cruz@Example.EDU ' });
    expect(asked.status === 'success' && asked.value).toEqual({ intent: 'identify', email: 'juan.dela.cruz@example.edu' });
    const wrong = parse({ intent: 'identify', email: 'juan' });
    expect(wrong.status === 'error' && wrong.error?.email).toEqual(['Enter a valid email address.']);
  });

  it('refuses a code that is not six digits in the contract’s words, and reads "forget"', () => {
    const code = parse({ intent: 'confirm', code: '12a' });
    expect(code.status === 'error' && code.error?.code).toEqual(['Enter the six digits of the code.']);
    expect(parse({ intent: 'confirm', code: ' 123456 ' }).status === 'success').toBe(true);
    expect(parse({ intent: 'forget' }).status).toBe('success');
  });

  it('takes the conversation only from its cookie: a token in the form is refused', () => {
    const forged = parse({ message: 'Hello', token: 'someone-elses-conversation' });
    expect(forged.status).toBe('error');
  });
});
