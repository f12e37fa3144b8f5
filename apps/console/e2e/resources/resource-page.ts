import { entityRegistry } from '@campus/api-contract';
import type { AnyEntity, FieldDescriptor } from '@campus/domain-core';
import type { Locator, Page } from 'playwright-core';
import { settled, url } from '../support';

/** Every registered entity with a generic screen in Access Management and Campus Management. */
export function resourceEntities(): AnyEntity[] {
  return entityRegistry.all.filter(
    (e) =>
      /^\/app\/(access|campus)-management\/([^/]+|hr\/[^/]+)$/.test(e.consolePath) &&
      (!process.env.E2E_RESOURCES || e.consolePath.includes(process.env.E2E_RESOURCES)),
  );
}

/** A control's label as the page shows it: the field's label, with `*` when required. */
export function labelled(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
}

/** A value of a sample as the browser control takes it. */
function inputText(f: FieldDescriptor, value: unknown): string {
  if (f.kind === 'datetime') return new Date(String(value)).toISOString().slice(0, 16);
  return String(value);
}

/**
 * One generic page object for the list, create and edit screens of any entity, driven by its descriptor: it
 * finds controls by role and by the labels the descriptor gives, the way a person would.
 */
export class ResourcePage {
  constructor(
    readonly page: Page,
    readonly entity: AnyEntity,
  ) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  get form(): Locator {
    return this.page.locator('form.cas-entity-form');
  }

  /** The notice of the last action, by its text. */
  notice(text: string | RegExp): Locator {
    return this.page.locator('.cas-notice').filter({ hasText: text });
  }

  /** The texts of the notices on screen once one has appeared (React may paint just after the router is idle). */
  async notices(): Promise<string[]> {
    await this.page
      .locator('.cas-notice')
      .first()
      .waitFor({ timeout: 5000 })
      .catch(() => undefined);
    return this.page.locator('.cas-notice').allTextContents();
  }

  async openList(query = ''): Promise<void> {
    await this.page.goto(url(`${this.entity.consolePath}${query}`));
    await this.settled();
  }

  /**
   * The list, searched for `text` when given: in place (the search box, as a person would) when the list is already
   * on screen, otherwise opened anew. Steps that follow one another on one screen need no document load between them.
   */
  async showList(text = ''): Promise<void> {
    const here = new URL(this.page.url());
    if (here.pathname !== this.entity.consolePath) {
      await this.openList(text ? `?q=${encodeURIComponent(text)}` : '');
      return;
    }
    if ((here.searchParams.get('q') ?? '') === text) return;
    if (text) await this.search(text);
    else await this.openList();
  }

  async openCreate(): Promise<void> {
    await this.page.getByRole('link', { name: `Add ${this.entity.label}` }).click();
    await this.page.waitForURL((u) => u.pathname === `${this.entity.consolePath}/new`);
    await this.settled();
    await this.page.getByRole('heading', { level: 1, name: `New ${this.entity.label}` }).waitFor();
  }

  /**
   * Takes the first choice of a reference field: the native select without JavaScript, the combobox with it (open
   * its list with the arrow key, take the first option).
   */
  async chooseFirst(control: Locator): Promise<void> {
    if ((await control.evaluate((e) => e.tagName)) === 'SELECT') {
      try {
        await control.selectOption({ index: 1 });
        return;
      } catch (error) {
        // The page hydrated between the look and the choice: the native select is the combobox now.
        if ((await control.evaluate((e) => e.tagName)) === 'SELECT') throw error;
      }
    }
    await control.focus();
    await control.press('ArrowDown');
    // Right after a page hydrates, React Aria's combobox sometimes moves focus into the list it is opening and
    // closes it again; a second press opens it, as a person would press again.
    const options = this.page.getByRole('listbox').getByRole('option');
    if (!(await options.first().waitFor({ timeout: 2000 }).then(() => true, () => false))) await control.press('ArrowDown');
    await options.first().click();
  }

  /** Fills the form from a create input (the descriptor's `sample`); required references get their first choice. */
  async fill(values: Record<string, unknown>): Promise<void> {
    for (const [name, f] of Object.entries(this.entity.fields)) {
      if (f.readOnly) continue;
      const value = values[name];
      const control = this.form.getByLabel(labelled(f.label));
      switch (f.kind) {
        case 'reference':
          if (f.required || value !== undefined) await this.chooseFirst(this.form.getByRole('combobox', { name: labelled(f.label) }));
          break;
        case 'multi-reference':
          break;
        case 'boolean':
          if (value === undefined) break;
          if (value) await this.form.getByRole('switch', { name: labelled(f.label) }).check({ force: true });
          else await this.form.getByRole('switch', { name: labelled(f.label) }).uncheck({ force: true });
          break;
        case 'enum':
          if (value !== undefined && value !== null) await control.selectOption(String(value));
          break;
        case 'multi-enum': {
          if (!Array.isArray(value)) break;
          const group = this.form.getByRole('group', { name: labelled(f.label) });
          for (const option of f.options) {
            const box = group.getByRole('checkbox', { name: option.label, exact: true });
            if (value.includes(option.value)) await box.check({ force: true });
            else await box.uncheck({ force: true });
          }
          break;
        }
        default:
          if (value !== undefined && value !== null) await control.fill(inputText(f, value));
      }
    }
  }

  /**
   * Runs an action that posts a form and waits until its answer is on screen. Without JavaScript that is a
   * document load; with it, the router posts and then loads the next page's data, so it waits for the router to
   * be idle again.
   */
  async posting(act: () => Promise<void>): Promise<void> {
    await Promise.all([this.page.waitForResponse((r) => r.request().method() === 'POST'), act()]);
    await this.settled();
  }

  /** Waits for the document and, when JavaScript runs, for the page to hydrate and Remix's router to settle. */
  async settled(): Promise<void> {
    await settled(this.page);
  }

  async submit(): Promise<void> {
    await this.posting(() => this.form.getByRole('button', { name: /^(Create|Save)$/ }).click());
  }

  /** Searches the list with the free-text box. */
  async search(text: string): Promise<void> {
    const box = this.page.getByRole('searchbox', { name: `Search ${this.entity.pluralLabel.toLowerCase()}` });
    await box.fill(text);
    await Promise.all([
      this.page.waitForURL((u) => u.searchParams.get('q') === text),
      this.page.getByRole('search').getByRole('button', { name: 'Search' }).click(),
    ]);
    await this.settled();
  }

  /** The links that open the rows of the list (the first cell of each row). */
  get rowLinks(): Locator {
    return this.page.locator('table tbody th[scope=row] a');
  }

  async openFirstRow(): Promise<void> {
    await Promise.all([
      this.page.waitForURL((u) => u.pathname.endsWith('/edit')),
      this.rowLinks.first().click(),
    ]);
    await this.settled();
    await this.page
      .getByRole('heading', { level: 1, name: new RegExp(`^Edit ${this.entity.label}`) })
      .waitFor();
  }

  /** Flips the state of the first row: the `isActive` switch, or the first next status. */
  async changeFirstRowState(): Promise<void> {
    const body = this.page.locator('table tbody');
    if (this.entity.state.kind === 'isActive') {
      await this.posting(() => body.getByRole('switch').first().click());
    } else {
      await body.getByRole('combobox').first().selectOption({ index: 1 });
      await this.posting(() =>
        body
          .getByRole('button', { name: /^Set status of/ })
          .first()
          .click(),
      );
    }
  }

  /** The first row's state as the list shows it. */
  async firstRowState(): Promise<string | null> {
    if (this.entity.state.kind === 'isActive') {
      return this.page.locator('table tbody').getByRole('switch').first().getAttribute('aria-checked');
    }
    const select = this.page.locator('table tbody').getByRole('combobox').first();
    return (await select.count())
      ? select.inputValue()
      : this.page.locator('table tbody .cas-state-label').first().textContent();
  }
}

/** A text the free-text search finds: the first searchable field of the sample that holds text. */
export function searchTextOf(entity: AnyEntity, sample: Record<string, unknown>): string | undefined {
  for (const f of entity.searchFields) {
    const v = sample[f];
    if (typeof v === 'string' && v.trim()) return v;
  }
  return undefined;
}

/** A field the edit step may change without touching what identifies the record: an optional text field. */
export function editableTextField(entity: AnyEntity): [string, FieldDescriptor] | undefined {
  const keep = new Set<string>([
    entity.displayField,
    ...entity.searchFields,
    ...entity.unique.map((u) => u.field),
  ]);
  return Object.entries(entity.fields).find(
    ([name, f]) =>
      !keep.has(name) &&
      !f.readOnly &&
      !f.createOnly &&
      (f.kind === 'text' || f.kind === 'textarea') &&
      !f.pattern,
  );
}

