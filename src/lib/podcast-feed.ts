// What a church's podcast feed says beyond RSS (docs/content.md "Podcast feed"): the cover the
// API draws from the show's art or the church's logo, and the category a church's show is filed under.

/** Apple's category and subcategory for a church's podcast. */
export const PODCAST_CATEGORY = ['Religion & Spirituality', 'Christianity'] as const;

/** The square PNG cover of a show (GET /podcast/anchor/{code}/capa.png). */
export const podcastCoverPath = (code: string) =>
  `/api/v1/podcast/anchor/${encodeURIComponent(code)}/capa.png`;
