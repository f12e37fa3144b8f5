// Types of console-walk.mjs (plain JavaScript, shared with scripts/screens.mjs).
import type { Page } from 'playwright-core';

export interface Screen {
  id: string;
  path: string;
  pattern: RegExp;
  hasParameters: boolean;
}
export function consoleScreens(consoleRoot: string): Promise<Screen[]>;
export function isPublicPath(path: string): boolean;
export function shapeOf(pathname: string): string;
export function walk(
  page: Page,
  baseUrl: string,
  screens: readonly Screen[],
  seeds: readonly string[],
  options: {
    visit: (page: Page, url: URL, screen: Screen, status: number) => Promise<void>;
    max?: number;
    allow?: (url: URL) => boolean;
  },
): Promise<string[]>;
