export * from './list-query.js';
export * from './format-cell.js';
export * from './form-encoding.js';
export * from './form-context.js';
export * from './DataTable.js';
export * from './Pagination.js';
export * from './SearchForm.js';
export * from './FilterBar.js';
export * from './StateControl.js';
export * from './EntityForm.js';
// The data components carry their own styles; bundlers (Vite, Storybook) pick them up with the components.
import './data.css';
