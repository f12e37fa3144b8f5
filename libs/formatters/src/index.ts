export { formatPeso, parsePeso, type PesoInput } from './peso.js';
export { formatClock, parseClock, isClock, formatDuration } from './clock.js';
export {
  formatDate,
  toDate,
  toIsoDate,
  DATE_LOCALES,
  DEFAULT_TIME_ZONE,
  type DateLocale,
  type DateInput,
  type FormatDateOptions,
} from './date.js';
export {
  maskTin,
  maskHealthNumber,
  digitsOf,
  applyMask,
  MASKS,
  MAX_MASKED_DIGITS,
  type MaskInput,
  type MaskName,
} from './masks.js';
export {
  renderTemplate,
  placeholdersIn,
  TEMPLATE_PLACEHOLDERS,
  type TemplateEmployee,
  type TemplatePlaceholder,
} from './template.js';
export { initials } from './initials.js';
export { formatCount, formatPercent, formatFileSize } from './count.js';
export {
  formatShortDuration,
  formatZonedTime,
  formatDueIn,
  formatDueTime,
  timeZoneAbbreviation,
  type DueState,
  type ZonedOptions,
} from './relative.js';
export { csvCell, csvLine, csvText, neutraliseFormula, sheetCell, sheetRow, spreadsheetText } from './spreadsheet.js';
