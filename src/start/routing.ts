/**
 * A start-up step (src/main.tsx): the router and every route's definition. Imported on its own, so
 * its evaluation is a task of its own; the prerendered pages ask for it with the entry
 * (scripts/page-chunks.ts `startChunks`).
 */
export { createAppRouter } from '../router';
