/** Reads until `ok` holds (tests of work done by the job engine); throws with the last value after `ms`. */
export async function until<T>(read: () => Promise<T>, ok: (value: NoInfer<T>) => boolean, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`Timed out; last value ${JSON.stringify(value)?.slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
