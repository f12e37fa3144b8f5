// Runs before each test file (vitest.config.ts `setupFiles`).
import { closeAtEveryFileEnd } from './file-end.js';

closeAtEveryFileEnd();
