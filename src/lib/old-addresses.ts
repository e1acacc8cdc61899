// Old addresses of a church's former WordPress site that name a post by its id on the home page
// (`/?p=12`, `/?page_id=7`, `/?attachment_id=9`; docs/staff.md "Moving in"). A plain string test
// comes first: the home is the hottest page and almost never carries one.
const WP_ID = /[?&](p|page_id|attachment_id)=(\d{1,12})(?=&|#|$)/i;

/** The redirect key (`/?p=12`) an old home address holds, or null (no look-up needed). */
export function wordPressKey(search: string): string | null {
  if (search.length < 4 || !search.includes('=')) return null;
  const m = WP_ID.exec(search);
  return m ? `/?${m[1]!.toLowerCase()}=${Number(m[2])}` : null;
}
