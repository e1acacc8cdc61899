// The abandoned-uploads sweep of the one scheduler (server/jobs/): hourly, uploads left unfinished
// for a day lose their chunks and their row (abandoned-uploads.ts). The job's lease makes one
// process run it at a time; the sweep itself is safe to run twice.
import { defineJob } from '../jobs/runner.ts';
import { removeAbandonedUploads } from './abandoned-uploads.ts';

export const playAbandonedUploadsJob = defineJob({
  name: 'play.abandoned-uploads',
  everyMs: 60 * 60_000,
  leaseMs: 30 * 60_000,
  async run({ db, now, files }) {
    await removeAbandonedUploads(db, files, now());
  },
});
