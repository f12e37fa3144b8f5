import { describe, expect, it } from 'vitest';
import { ResponseMatcher } from './matching.js';
import { isOptOut, maskProfanity, redactPersonalData } from './redact.js';

const bank = [
  { id: 'a', title: 'Enrolment dates', questions: 'When is enrolment?\nenrolment schedule\nwhen can I enroll', answer: 'Enrolment runs from 3 to 14 August.' },
  { id: 'b', title: 'Tuition fee payment', questions: 'How do I pay my tuition?\npayment options for fees', answer: 'Pay at the Cashier or online.' },
  { id: 'c', title: 'Grade release', questions: 'When are grades released?\nwhere can I see my grades', answer: 'Grades are released two weeks after finals.' },
];

describe('ResponseMatcher', () => {
  const matcher = new ResponseMatcher(bank);
  it('finds the right answer with typos and prefixes, and names the runner-up', () => {
    const result = matcher.match('when is enrollment', 2);
    expect(result.match?.id).toBe('a');
    expect(result.best!.score).toBeGreaterThan(result.runnerUp?.score ?? 0);
    expect(matcher.match('how to pay tuiton fees', 2).match?.id).toBe('b');
    expect(matcher.match('grade', 2).match?.id).toBe('c');
  });
  it('answers nothing below the threshold', () => {
    const result = matcher.match('where is the swimming pool', 2);
    expect(result.match).toBeNull();
    // One shared word of four is not an answer, whatever its score.
    const one = matcher.match('swimming schedule for the varsity team', 0);
    expect(one.best?.id).toBe('a');
    expect(one.best?.coverage).toBe(0.25);
    expect(one.match).toBeNull();
    expect(matcher.match('when is enrolment', 1000).match).toBeNull();
    expect(matcher.match('when is enrolment', 1000).best?.id).toBe('a');
  });
});

describe('redactPersonalData', () => {
  it('removes emails, phone numbers and ID numbers but keeps dates', () => {
    expect(redactPersonalData('Mail juan.dc@up.edu.ph or call 0917-123-4567 / +63 917 123 4567, ID 2021-00123, on 2026-08-03')).toBe(
      'Mail [email] or call [phone] / [phone], ID [id number], on 2026-08-03',
    );
    expect(redactPersonalData('my TIN is 123-456-789-000 and number 1234567890')).toBe('my TIN is [id number] and number [id number]');
  });
  it.each([
    ['09171234567', 'a mobile number written without spaces'],
    ['+639171234567', 'a mobile number in international form without spaces'],
    ['639171234567', 'a mobile number with the country code and no plus'],
    ['0281234567', 'a Manila landline with its area code, without spaces'],
    ['+63 (2) 8123 4567', 'a landline in international form'],
    ['+14155552671', 'a foreign number in international form'],
  ])('redacts %s (%s) as a phone number, not an ID number', (phone) => {
    expect(redactPersonalData(`text me at ${phone} please`)).toBe('text me at [phone] please');
  });
  it('still reads student numbers and long numbers that are not phone-shaped as ID numbers', () => {
    expect(redactPersonalData('student 2021-00123 and 20210012345')).toBe('student [id number] and [id number]');
  });
});

describe('maskProfanity and opt-out', () => {
  it('masks blocked words of the bank and leaves allowed ones', () => {
    const words = [
      { word: 'damn', kind: 'BLOCK' as const },
      { word: 'ass*', kind: 'BLOCK' as const },
      { word: 'assess*', kind: 'ALLOW' as const },
    ];
    expect(maskProfanity('Damn, assess my grades, you ass', words)).toEqual({ text: 'D***, assess my grades, you a**', masked: 2 });
  });
  it('reads STOP as an opt-out', () => {
    expect(isOptOut(' stop ')).toBe(true);
    expect(isOptOut('UNSUBSCRIBE')).toBe(true);
    expect(isOptOut('stop sending me grades')).toBe(false);
  });
});
