/**
 * The officer's day (docs/architecture.md#the-officers-day), by concern:
 * - accounts: creating officers (the console, the first install);
 * - queue: the old status queue, finding an application in the officer's office, who the officer is;
 * - tasks: queues by task and their counts; claims: take next, claim, release, hand over;
 * - calendar and clock: days off and the 3-working-day clock;
 * - actions and detail: decisions (four eyes, reasons) and the review detail;
 * - reasons: the catalogue; requests, answers, request-jobs: asking the citizen;
 * - notes: internal notes, escalations, drafts, colleagues; audit: the officers' audit log.
 */
export * from './accounts';
export { runOfficerAction, type ActionInput } from './actions';
export { answerRequest } from './answers';
export { addDay, deleteDay, listCalendar, updateDay } from './calendar';
export { claimCase, extendClaim, handOver, releaseCase, takeNext } from './claims';
export { idCardImage, officerDetail } from './detail';
export { addNote, colleagues, escalate, readDraft, readNotes, saveDraft } from './notes';
export { findApplication, officerQueue } from './queue';
export { createReason, listReasons, updateReason } from './reasons';
export { rejectUnansweredRequests, remindOpenRequests } from './request-jobs';
export { taskCounts, taskQueue } from './tasks';
