-- issue 14: trigram search. Both extensions are contrib and trusted (a database owner may create them); PGlite loads them in server/db/pglite-extensions.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "conteudo_busca_idx" ON "conteudo" USING gin ("igreja_id","tipo","busca_texto" gin_trgm_ops) WHERE "conteudo"."flag_ativo";