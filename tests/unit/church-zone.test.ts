// A church's zone has one reading (docs/giving.md "Which clock"): the server asks
// server/church/church-clock.ts (`churchZone`, `zoneOfChurch`, over `churchTimeZone` of
// common/time-zone.ts) and the web reads the church config's `fusoHorario`, which that file made.
// A second reading — a country's or language's zone worked out again, or the phone's zone taken
// for the church's — is how a church that chose Manaus got São Paulo's day. Files that read the
// phone's zone are listed with why it is the phone's that counts there.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Where `churchTimeZone(` may be called: its definition and the server's one reader. */
const READS_ZONE_RULE = ['common/time-zone.ts', 'server/church/church-clock.ts'];

/** Files that take the phone's own zone, each with why it is not the church's. */
const PHONE_ZONE: Record<string, string> = {
  'src/components/islands/admin/events/used-line.ts':
    'the door\'s "already used" line names the event\'s zone when the phone is in another',
  'src/components/islands/admin/events/EventEditorIsland.tsx':
    "a new event starts in the zone of whoever creates it (an event has a zone of its own); a phone on UTC gets the church config's",
};

function sourceFiles(): string[] {
  return ['server', 'src', 'common', 'contract'].flatMap((top) =>
    readdirSync(join(ROOT, top), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.(ts|tsx|astro)$/.test(e.name))
      .map((e) => relative(ROOT, join(e.parentPath, e.name)).split(sep).join('/'))
      .filter((file) => !/\.test(-support)?\.tsx?$/.test(file)),
  );
}

describe("a church's zone", () => {
  const files = sourceFiles().map((file) => ({
    file,
    text: readFileSync(join(ROOT, file), 'utf8'),
  }));

  it('is worked out from its choice, country and language in one place', () => {
    const calling = files
      .filter(({ text }) => /\bchurchTimeZone\s*\(/.test(text))
      .map((f) => f.file)
      .sort();
    expect(calling, 'read it with churchZone / zoneOfChurch, or the config’s fusoHorario').toEqual(
      READS_ZONE_RULE,
    );
  });

  it('is never the phone’s zone, but where the phone’s is the point', () => {
    const taking = files
      .filter(({ text }) => /resolvedOptions\(\)\s*\.timeZone/.test(text))
      .map((f) => f.file);
    expect(
      taking.filter((file) => !(file in PHONE_ZONE)),
      'use the config’s fusoHorario',
    ).toEqual([]);
    // a listed file that no longer reads the phone's zone leaves the list
    expect(Object.keys(PHONE_ZONE).filter((file) => !taking.includes(file))).toEqual([]);
  });
});
