// Types of cluster-kit.mjs (plain JavaScript, shared with bench/cluster.mjs).

export type Side = 'api' | 'console';
export interface Cluster {
  pids: { api: number[]; console: number[]; haproxy: number };
  apiUrl: string;
  consoleUrl: string;
  open(text: string): unknown;
  stop(side: Side, index: number): Promise<void>;
  kill(side: Side, index: number): Promise<void>;
  start(side: Side, index: number): Promise<void>;
  startMissing(): Promise<void>;
  close(): Promise<void>;
}
export interface Write {
  name: string;
  outcome: string;
}
export interface Load {
  reads: { served: number; failed: string[] };
  writes: { confirmed: Write[]; unconfirmed: Write[] };
}
export interface WriteCheck {
  confirmed: number;
  unconfirmed: number;
  unconfirmedPresent: number;
  unconfirmedAbsent: number;
  missing: string[];
  duplicates: string[];
  unasked: string[];
}
export type Credentials = { email: string; password: string };

export const REPO_ROOT: string;
export function psql(url: string, statement: string): string;
export function isGone(pid: number): boolean;
export function startCluster(options: { databaseUrl: string; dataDir: string; api?: number; consoles?: number; logLevel?: string }): Promise<Cluster>;
export function apiToken(cluster: Pick<Cluster, 'apiUrl' | 'open'>, credentials: Credentials): Promise<string>;
export function consoleCookie(consoleUrl: string, credentials: Credentials): Promise<string>;
export function runLoad(options: {
  apiUrl: string;
  consoleUrl: string;
  token: string;
  cookie: string;
  loops: number;
  prefix: string;
  running: () => boolean;
  tally?: Load;
}): Promise<Load>;
export function newTally(): Load;
export function checkWrites(databaseUrl: string, prefix: string, writes: Load['writes']): WriteCheck;
