import { PRODUCT_NAME } from '@campus/domain-core';

/** Product constants shown in the console (spec §1, §9). */
export const APP_TITLE = PRODUCT_NAME;
export const APP_VERSION = '1.0.6';
/** The fixed role label beside the user's name (spec §1, §6). */
export const ROLE_LABEL = 'System Administrator';
