// Runs before each test file (vitest.config.ts `setupFiles`): registered before the file is collected, this step runs
// after the file's own `afterAll` steps and closes what the harness opened for it (file-end.ts).
import { afterAll } from 'vitest';
import { closeOpened } from './file-end.js';

afterAll(closeOpened);
