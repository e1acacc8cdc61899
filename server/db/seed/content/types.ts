// The shape of each language's demo content (server/db/seed/content.ts builds rows from it).

/** title, category index (into that kind's categories), summary, keywords */
export type Entry = [title: string, category: number, summary: string, keywords: string[]];

export interface LanguageContent {
  categories: {
    noticia: string[];
    devocional: string[];
    ministerio: string[];
    ebd: string[];
    estudo: string[];
    video: string[];
    podcast: string[];
  };
  authors: string[];
  news: Entry[];
  devotionals: { entry: Entry; ref: string }[];
  ministries: {
    entry: Entry;
    leader: string;
    projects: { title: string; summary: string; goal: string }[];
  }[];
  ebds: { entry: Entry; teacher: string; time: string; place: string; audience: string }[];
  /** name, description; a publication's category index points into this list. */
  publicationTypes: [string, string][];
  publications: Entry[];
  studies: { entry: Entry; ref: string }[];
  videos: { entry: Entry; minutes: number }[];
  podcast: { title: string; description: string; author: string; episodes: Entry[] };
  /** Paragraph pools that bodies are assembled from, by tone. */
  paragraphs: { news: string[]; devotional: string[]; general: string[] };
  headings: string[];
  /** Bible quotations for blockquotes. */
  verses: string[];
}
