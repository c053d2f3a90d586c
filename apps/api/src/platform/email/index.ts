/** E-mails: one layout (layout.ts), one catalog of texts (catalog.ts), the brand they show (brand.ts). */
export { emailBrand, eventEmailBrand } from './brand.js';
export { EMAILS, sessionWhen } from './catalog.js';
export { escapeHtml } from './html.js';
export { renderEmail, type EmailBrand, type EmailContent } from './layout.js';
