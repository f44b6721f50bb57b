/**
 * Largest request body we read: far below the adapter's 1 GB default. Forms and JSON
 * bodies on this site are a few kilobytes; 256 KB leaves room for a CMS article.
 */
export const MAX_BODY_BYTES = 256 * 1024;
