import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ChatbotSettingsSchema, DEFAULT_CHATBOT_SETTINGS, ResponseMatcher, type ChatbotSettings } from '@campus/domain-chatbot';
import type { ProfanityWord } from '@campus/domain-campus';
import { rows, type Db } from '../../platform/db/client.js';

export async function readSettings(db: Db): Promise<ChatbotSettings> {
  const [row] = await rows<{ settings: unknown }>(db, sql`select settings from chatbot_settings where id = 1`);
  const parsed = ChatbotSettingsSchema.partial().safeParse(row?.settings ?? {});
  return { ...DEFAULT_CHATBOT_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

export interface Persona {
  readonly id: string | null;
  readonly name: string;
  readonly avatarUrl: string | null;
  readonly greeting: string;
  readonly fallback: string;
}

/** Spoken when no persona exists yet. */
export const BUILT_IN_PERSONA: Persona = {
  id: null,
  name: 'Campus Bot',
  avatarUrl: null,
  greeting: 'Hello! Ask me about enrolment, fees, schedules or grades.',
  fallback: 'Sorry, I do not have an answer to that yet. Your question has been passed to the university staff.',
};

/** The persona by id when it is active; else the default persona of the settings; else the first active one. */
export async function personaOf(db: Db, settings: ChatbotSettings, id?: string | null): Promise<Persona> {
  const found = await rows<Persona>(
    db,
    sql`select id, name, avatar_url as "avatarUrl", greeting, fallback from chatbot_personas where is_active
        order by (id = ${id ?? null}::uuid) is true desc, (id = ${settings.defaultPersonaId}::uuid) is true desc, name limit 1`,
  );
  return found[0] ?? BUILT_IN_PERSONA;
}

/** Whom a broadcast is signed by: its own persona, else the persona the web chat speaks as (the settings' default). */
export async function broadcastSigner(db: Db, settings: ChatbotSettings, persona: string | null): Promise<string> {
  return persona ?? (await personaOf(db, settings)).name;
}

export async function profanityWords(db: Db): Promise<ProfanityWord[]> {
  return rows<ProfanityWord>(db, sql`select word, kind from profanity_words where is_active`);
}

interface CachedMatcher {
  readonly version: string;
  readonly matcher: ResponseMatcher;
  readonly answers: ReadonlyMap<string, string>;
}

/**
 * The matcher over the active responses, rebuilt when the bank changed (its `list_versions` counter, raised by a trigger on every write, moved),
 * so every API process answers from the current bank after one cheap query.
 */
export class MatcherCache {
  private cached: CachedMatcher | undefined;

  async get(db: Db): Promise<CachedMatcher> {
    const [v] = await rows<{ version: string }>(
      db,
      sql`select coalesce((select version::text from list_versions where table_name = 'chatbot_responses'), '0') as version`,
    );
    const version = v?.version ?? '';
    if (this.cached?.version === version) return this.cached;
    const bank = await rows<{ id: string; title: string; questions: string; answer: string; category: string | null }>(
      db,
      sql`select id, title, questions, answer, category from chatbot_responses where is_active`,
    );
    this.cached = { version, matcher: new ResponseMatcher(bank), answers: new Map(bank.map((r) => [r.id, r.answer])) };
    return this.cached;
  }
}

export const newToken = (): string => randomBytes(24).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const normalizeQuestion = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').replace(/[?.!\s]+$/, '').trim();
