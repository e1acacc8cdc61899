// What every staff store shares (docs/staff.md "The web side"): a store's state around a load, a
// write that hands the API's failure back to the form, and saving a file the API sent.
// The load and the write are the member stores' too (src/stores/loadable.ts).
export { attempt, loadInto, type Loadable } from './loadable.ts';

/** Saves a file the API sent (the CSV exports) under the name it gave. */
export function saveDownload({ blob, filename }: { blob: Blob; filename: string }): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
