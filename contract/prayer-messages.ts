// Old path of the prayer messages: the catalogue is contract/messages/ now (see README.md).
export { prayerMessage, type PrayerMessageKey } from './messages/prayer.ts';
