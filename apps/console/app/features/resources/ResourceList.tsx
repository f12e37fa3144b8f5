import { useLocation, useNavigation } from '@remix-run/react';
import { RouterForm } from '../../components/RouterForm';
import type { ReactNode } from 'react';
import { entityRegistry } from '@campus/api-contract';
import {
  ButtonLink,
  DataFormProvider,
  DataTable,
  FilterBar,
  Pagination,
  SearchForm,
  StateControl,
  type DataTableProps,
} from '@campus/ui';
import { BulkActions } from './BulkActions';
import type { ListData } from './resource.server';
import './resources.css';

export interface ResourceListProps {
  readonly list: ListData;
  /** Content between the title and the list (e.g. the calendar's month view). */
  readonly children?: ReactNode;
  /** A row's colour and its meaning (the area's `rowAccent`). */
  readonly rowAccent?: DataTableProps['rowAccent'];
  /** False when the content stands in for the list (a view of the area's panel): the title and the content only. */
  readonly isListShown?: boolean;
}

/** The generic list screen of an entity: title, search, filters, table with state controls, paging, export. */
export function ResourceList({ list, children, rowAccent, isListShown = true }: ResourceListProps) {
  const entity = entityRegistry.byResource(list.resource);
  const location = useLocation();
  const navigation = useNavigation();
  if (!entity) return null;
  const path = entity.consolePath;
  const searchParams = list.search.replace(/^\?/, '');
  const here = `${path}${list.search}`;
  const isLoading = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const returnTo = list.search ? `?returnTo=${encodeURIComponent(here)}` : '';
  const headingId = `list-${entity.resource}`;
  return (
    <DataFormProvider form={RouterForm}>
      <section aria-labelledby={headingId} className="cas-resource-list">
        <div className="cas-list-toolbar">
          <h1 id={headingId} className="cas-page-title">
            {entity.pluralLabel}
          </h1>
          <div className="cas-list-actions">
            <a
              className="cas-button cas-button--secondary"
              href={`${path}/export.csv${list.search}`}
              download
            >
              Export CSV
            </a>
            {list.importHref ? (
              <a className="cas-button cas-button--secondary" href={list.importHref}>
                Import
              </a>
            ) : null}
            <ButtonLink href={`${path}/new${returnTo}`} data-shortcut="new" aria-keyshortcuts="n">
              Add {entity.label}
            </ButtonLink>
          </div>
        </div>
        {children}
        {isListShown ? (
          <>
            <div className="cas-list-toolbar">
              <SearchForm
                q={list.state.q}
                searchParams={searchParams}
                label={`Search ${entity.pluralLabel.toLowerCase()}`}
                placeholder={entity.searchFields.map((f) => entity.fields[f]?.label ?? f).join(', ')}
              />
            </div>
            <BulkActions entity={entity} count={list.count} returnTo={here} action={`${path}?index`} />
            <FilterBar
              entity={entity}
              values={list.state.filters}
              referenceOptions={list.filterChoices}
              searchParams={searchParams}
            />
            <DataTable
              entity={entity}
              rows={list.rows}
              searchParams={searchParams}
              sort={list.state.sort}
              rowHref={(row) => `${path}/${row._id}/edit${returnTo}`}
              isLoading={isLoading}
              rowAccent={rowAccent}
              renderRowEnd={(row) => (
                <StateControl entity={entity} row={row} action={`${path}?index`} returnTo={here} />
              )}
            />
            <Pagination
              count={list.count}
              isEstimate={list.isEstimate}
              page={list.state.page}
              limit={list.state.limit}
              searchParams={searchParams}
            />
          </>
        ) : null}
      </section>
    </DataFormProvider>
  );
}
