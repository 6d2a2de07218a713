/** This page's name on the leases it takes (a service worker has its own). */
export const holder = `page:${crypto.randomUUID()}`;
