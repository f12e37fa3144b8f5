// What the test harness opened for a test file (databases, apps, scratch PostgreSQL databases and folders) is closed
// when the file ends, in the reverse order of opening, wherever it was opened: at the file's top level, in a
// `beforeAll` or inside a test. An `afterAll` registered inside a running test or hook never runs, and the suite's
// workers keep running from one file to the next (vitest.config.ts), so nothing would close those otherwise. The
// suite's setup file (setup-file.ts) runs `closeOpened` at the end of each file.
const opened: (() => Promise<unknown>)[] = [];

/** Closes `close` when the running test file ends, after the file's own `afterAll` steps. */
export function closeAtFileEnd(close: () => Promise<unknown>): void {
  opened.push(close);
}

/** Closes everything opened so far, the newest first; every step runs, and the first failure is thrown at the end. */
export async function closeOpened(): Promise<void> {
  let failure: unknown;
  for (let close = opened.pop(); close; close = opened.pop()) {
    try {
      await close();
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw failure;
}
