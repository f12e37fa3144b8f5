/** The product's name (spec §1): the console's title and banner, and the banner of the API's own pages. */
export const PRODUCT_NAME = 'Campus Administration System';
