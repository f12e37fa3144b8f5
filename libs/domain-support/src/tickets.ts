import { renderTemplate, type TemplateEmployee } from '@campus/formatters';
import type { TicketState } from './sla.js';

export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const ticketStateOptions = [
  { value: 'new', label: 'New' },
  { value: 'open', label: 'Open' },
  { value: 'pending', label: 'Pending' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'closed', label: 'Closed' },
] as const satisfies readonly { value: TicketState; label: string }[];

export const ticketPriorityOptions = [
  { value: 'low', label: 'Low' },
  { value: 'normal', label: 'Normal' },
  { value: 'high', label: 'High' },
  { value: 'urgent', label: 'Urgent' },
] as const satisfies readonly { value: TicketPriority; label: string }[];

/** Where a ticket came from. */
export const TICKET_CHANNELS = ['console', 'form', 'email'] as const;
export type TicketChannel = (typeof TICKET_CHANNELS)[number];

/** The moves an agent may make; a requester's reply reopens a resolved ticket (see `reopensOnReply`). */
const TRANSITIONS: Readonly<Record<TicketState, readonly TicketState[]>> = {
  new: ['open', 'pending', 'resolved'],
  open: ['pending', 'resolved'],
  pending: ['open', 'resolved'],
  resolved: ['open', 'closed'],
  closed: [],
};

export function canMoveTicket(from: TicketState, to: TicketState): boolean {
  return TRANSITIONS[from].includes(to);
}

export function nextTicketStates(from: TicketState): readonly TicketState[] {
  return TRANSITIONS[from];
}

/** Days after resolution within which a requester's reply reopens the ticket (later, it is closed). */
export const REOPEN_WITHIN_DAYS = 14;

/** What a requester's reply does to the ticket's state: pending and resolved (within the window) go back to open. */
export function stateAfterRequesterReply(state: TicketState, resolvedAt: Date | null, now: Date): TicketState | 'closed-too-long' {
  if (state === 'pending') return 'open';
  if (state === 'resolved') {
    const within = resolvedAt && now.getTime() - resolvedAt.getTime() <= REOPEN_WITHIN_DAYS * 24 * 3600_000;
    return within ? 'open' : 'closed-too-long';
  }
  if (state === 'closed') return 'closed-too-long';
  return state;
}

/** A ticket's reference: `SUP-` and six digits from a sequence. */
export function ticketReference(sequence: number): string {
  return `SUP-${String(sequence).padStart(6, '0')}`;
}

const REFERENCE_IN_TEXT = /\[?(SUP-\d{6,})\]?/i;

/** The ticket reference written in a subject (`Re: [SUP-000123] Transcript request`). */
export function referenceInSubject(subject: string): string | undefined {
  return REFERENCE_IN_TEXT.exec(subject)?.[1]?.toUpperCase();
}

/**
 * The new part of an emailed reply: cut at the first quoted-history marker (`On … wrote:`, an `Original Message`
 * rule, a `From:` header block, a line starting with `>`) and at a signature (`-- `).
 */
export function stripQuotedReply(text: string): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const kept: string[] = [];
  for (const line of lines) {
    if (/^\s*>/.test(line)) break;
    if (/^On .+wrote:\s*$/i.test(line.trim())) break;
    if (/^-{2,}\s*Original Message\s*-{2,}/i.test(line.trim())) break;
    if (/^From:\s.+/i.test(line.trim()) && kept.length) break;
    if (line === '-- ' || line.trim() === '--') break;
    if (/^_{10,}$/.test(line.trim())) break;
    kept.push(line);
  }
  return kept.join('\n').trim();
}

const WORD = /[\p{L}\p{N}]+/gu;
const STOP = new Set(['the', 'a', 'an', 'of', 'to', 'for', 'my', 'i', 'in', 'on', 'and', 'is', 're', 'fw', 'fwd', 'please', 'request']);

function words(text: string): Set<string> {
  return new Set((text.toLowerCase().match(WORD) ?? []).filter((w) => !STOP.has(w)));
}

/** Similarity of two subjects (Jaccard over their words, small words left out), 0 … 1. */
export function subjectSimilarity(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  if (!x.size || !y.size) return 0;
  let common = 0;
  for (const w of x) if (y.has(w)) common++;
  return common / (x.size + y.size - common);
}

/** Subjects at least this similar, from the same requester, are shown as possible duplicates. */
export const DUPLICATE_SIMILARITY = 0.5;

/** An agent as round-robin sees them. */
export interface AgentLoad {
  readonly id: string;
  /** Tickets assigned to them that are not resolved or closed. */
  readonly openTickets: number;
  readonly isAbsent: boolean;
  /** When they last received a ticket by round-robin (`null`: never). */
  readonly lastAssignedAt: Date | null;
}

/**
 * The next agent by round-robin: among present agents under capacity, the one who received a ticket longest ago
 * (never first), then the one with fewer open tickets, then by id so the choice is stable. `undefined` when
 * everyone is absent or full: the ticket waits in the team queue.
 */
export function nextAgent(agents: readonly AgentLoad[], capacity: number | null): AgentLoad | undefined {
  const eligible = agents.filter((a) => !a.isAbsent && (capacity === null || a.openTickets < capacity));
  return eligible.sort(
    (a, b) =>
      (a.lastAssignedAt?.getTime() ?? -Infinity) - (b.lastAssignedAt?.getTime() ?? -Infinity) ||
      a.openTickets - b.openTickets ||
      a.id.localeCompare(b.id),
  )[0];
}

/** Values a canned response may use besides the placeholders of `@campus/formatters`. */
export interface CannedContext {
  readonly agent: TemplateEmployee | null;
  readonly requesterName: string;
  readonly reference: string;
  readonly now: Date;
}

/** Fills a canned response: `[[requester_name]]`, `[[ticket_reference]]`, then the notice placeholders. */
export function renderCannedResponse(template: string, context: CannedContext): string {
  const own = template
    .replace(/\[\[\s*requester_name\s*\]\]/g, context.requesterName)
    .replace(/\[\[\s*ticket_reference\s*\]\]/g, context.reference);
  return renderTemplate(own, context.agent, context.now);
}

/** A canned response: a title and its text. */
export interface CannedResponse {
  readonly title: string;
  readonly body: string;
}

/** Canned responses as written on a category: blocks separated by a line `---`, the first line of each its title. */
export function parseCannedResponses(text: string | null | undefined): CannedResponse[] {
  return (text ?? '')
    .split(/^\s*---\s*$/m)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const [title, ...rest] = block.split('\n');
      return { title: (title ?? '').trim(), body: rest.join('\n').trim() };
    })
    .filter((c) => c.title && c.body);
}
