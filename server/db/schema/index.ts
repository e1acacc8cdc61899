// Every table, one file per area. drizzle-kit reads the files of this folder; add new
// areas as their own file and re-export them here.
export * from './church.ts';
export * from './seed.ts';
export * from './users.ts';
export * from './content.ts';
export * from './events.ts';
export * from './events-door.ts';
export * from './schedule.ts';
export * from './prayer.ts';
export * from './groups.ts';
export * from './live.ts';
export * from './chat-mutes.ts';
export * from './notes.ts';
export * from './jobs.ts';
export * from './giving.ts';
export * from './praise.ts';
export * from './play.ts';
export * from './staff.ts';
export * from './staff-people.ts';
export * from './staff-worship.ts';
export * from './tasks.ts';
export * from './imports.ts';
export * from './gateways.ts';
export * from './files.ts';
export * from './pix-keys.ts';
export * from './invitations.ts';
export * from './two-factor.ts';
