// Text of an uploaded file (docs/staff.md "Moving in"), kept apart from the readers so the reading
// thread loads only the reader a file needs.

/** UTF-8 (with or without a BOM); Windows-1252 when the bytes are not UTF-8 (older Excel "CSV"). */
export function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
