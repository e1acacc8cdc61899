// Streams carry UTC instants; the page shows them at the church's clock. The church has no
// time zone field, so its country decides (the demo churches: BR, US, AR); UTC otherwise.
const BY_COUNTRY: Record<string, string> = {
  BR: 'America/Sao_Paulo',
  US: 'America/New_York',
  AR: 'America/Argentina/Buenos_Aires',
  PT: 'Europe/Lisbon',
  ES: 'Europe/Madrid',
};

export function churchTimeZone(country: string | null | undefined): string {
  return BY_COUNTRY[(country ?? '').toUpperCase()] ?? 'UTC';
}
