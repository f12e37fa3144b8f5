import { describe, expect, it } from 'vitest';
import { resolveCategory, depthUnder, type CategoryNode } from './categories.js';
import { intakeSchema, parseIntakeForm } from './intake.js';
import {
  canMoveTicket,
  nextAgent,
  parseCannedResponses,
  referenceInSubject,
  renderCannedResponse,
  stateAfterRequesterReply,
  stripQuotedReply,
  subjectSimilarity,
  type AgentLoad,
} from './tickets.js';

describe('ticket lifecycle', () => {
  it.each([
    ['new', 'open', true],
    ['open', 'pending', true],
    ['pending', 'resolved', true],
    ['resolved', 'closed', true],
    ['resolved', 'open', true],
    ['closed', 'open', false],
    ['new', 'closed', false],
  ] as const)('%s → %s allowed: %s', (from, to, allowed) => expect(canMoveTicket(from, to)).toBe(allowed));

  it('reopens on a requester reply within the window only', () => {
    const resolvedAt = new Date('2026-11-01T00:00:00Z');
    expect(stateAfterRequesterReply('pending', null, new Date())).toBe('open');
    expect(stateAfterRequesterReply('resolved', resolvedAt, new Date('2026-11-10T00:00:00Z'))).toBe('open');
    expect(stateAfterRequesterReply('resolved', resolvedAt, new Date('2026-11-20T00:00:00Z'))).toBe('closed-too-long');
  });
});

describe('round-robin', () => {
  it('gives every present agent under capacity a turn, fairly, and waits when all are full', () => {
    const agents: AgentLoad[] = ['a', 'b', 'c', 'd'].map((id) => ({ id, openTickets: 0, isAbsent: id === 'd', lastAssignedAt: null }));
    const counts: Record<string, number> = {};
    let clock = 0;
    for (let i = 0; i < 9; i++) {
      const pick = nextAgent(agents, 3)!;
      counts[pick.id] = (counts[pick.id] ?? 0) + 1;
      const index = agents.findIndex((a) => a.id === pick.id);
      agents[index] = { ...pick, openTickets: pick.openTickets + 1, lastAssignedAt: new Date(++clock) };
    }
    expect(counts).toEqual({ a: 3, b: 3, c: 3 });
    expect(nextAgent(agents, 3)).toBeUndefined();
  });
});

describe('email helpers', () => {
  it('finds the reference in a subject', () => {
    expect(referenceInSubject('Re: [SUP-000042] Transcript')).toBe('SUP-000042');
    expect(referenceInSubject('Transcript')).toBeUndefined();
  });
  it('keeps only the new part of a reply', () => {
    const text = 'Thank you, received.\n\nMaria\n-- \nMaria Santos\nBS Biology\n\nOn Mon, 23 Nov 2026, Registrar wrote:\n> Your request';
    expect(stripQuotedReply(text)).toBe('Thank you, received.\n\nMaria');
    expect(stripQuotedReply('Yes please\n\n-----Original Message-----\nFrom: x')).toBe('Yes please');
  });
  it('rates subjects as similar or not', () => {
    expect(subjectSimilarity('Transcript of records request', 'Request for transcript of records')).toBeGreaterThanOrEqual(0.5);
    expect(subjectSimilarity('Transcript of records', 'Wi-Fi password reset')).toBe(0);
  });
});

describe('categoriesV2 inheritance', () => {
  const nodes = new Map<string, CategoryNode>([
    ['reg', { _id: 'reg', parentId: null, officeId: 'o1', teamId: 't1', priority: 'normal', slaPolicyId: 'p1' }],
    ['tor', { _id: 'tor', parentId: 'reg', teamId: 't2' }],
    ['tor-rush', { _id: 'tor-rush', parentId: 'tor', priority: 'high' }],
  ]);
  it('takes unset values from the nearest ancestor and says which', () => {
    const r = resolveCategory(nodes, 'tor-rush');
    expect(r.priority).toEqual({ value: 'high', from: 'tor-rush' });
    expect(r.teamId).toEqual({ value: 't2', from: 'tor' });
    expect(r.officeId).toEqual({ value: 'o1', from: 'reg' });
    expect(r.intakeForm).toEqual({ value: null, from: null });
  });
  it('measures depth and refuses a cycle', () => {
    expect(depthUnder(nodes, null, 'tor-rush')).toBe(4);
    expect(depthUnder(nodes, 'reg', 'tor')).toBe(Infinity);
  });
});

describe('intake forms and canned responses', () => {
  it('parses fields and validates answers', () => {
    const { fields, problem } = parseIntakeForm('studentNumber | Student number | text | required\ncopies | Copies | number\npurpose | Purpose | choice | Employment, Transfer | required');
    expect(problem).toBeUndefined();
    const schema = intakeSchema(fields);
    expect(schema.safeParse({ studentNumber: '2021-00012', copies: '2', purpose: 'Transfer' })).toMatchObject({ success: true, data: { copies: 2 } });
    expect(schema.safeParse({ studentNumber: '', purpose: 'Other' }).success).toBe(false);
    expect(parseIntakeForm('x | X | colour').problem).toMatch(/kind/);
  });
  it('fills the placeholders of a canned response', () => {
    const [canned] = parseCannedResponses('Received\nHello [[requester_name]], we have your request [[ticket_reference]]. — [[first_name]]\n---\nDone\nIt is ready.');
    expect(renderCannedResponse(canned!.body, { agent: { fname: 'Ana' }, requesterName: 'Maria', reference: 'SUP-000001', now: new Date() })).toBe(
      'Hello Maria, we have your request SUP-000001. — Ana',
    );
  });
});
