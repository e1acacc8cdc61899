CREATE TABLE "conteudo_categoria" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"nome" text NOT NULL,
	"slug" text NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conteudo" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"categoria_id" integer,
	"publicacao_tipo_id" integer,
	"ministerio_id" integer,
	"slug" text,
	"titulo" text NOT NULL,
	"resumo" text,
	"corpo" text,
	"imagem" text,
	"imagem_largura" integer DEFAULT 1200 NOT NULL,
	"imagem_altura" integer DEFAULT 675 NOT NULL,
	"palavras_chave" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"autor" text,
	"detalhes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"publicado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "podcast_episodio" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"podcast_id" integer NOT NULL,
	"categoria_id" integer,
	"title" text NOT NULL,
	"description" text,
	"position" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"audio_file" text NOT NULL,
	"background" text,
	"duracao_segundos" integer,
	"palavras_chave" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "podcast" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"codigo" text NOT NULL,
	"titulo" text NOT NULL,
	"descricao" text,
	"autor" text,
	"imagem" text,
	"flag_ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "podcast_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "publicacao_tipo" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"slug" text NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"imagem" text,
	"ordem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "configuracao_estudo" (
	"igreja_id" integer PRIMARY KEY NOT NULL,
	"flag_conteudo_publico" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conteudo_categoria" ADD CONSTRAINT "conteudo_categoria_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conteudo" ADD CONSTRAINT "conteudo_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conteudo" ADD CONSTRAINT "conteudo_categoria_id_conteudo_categoria_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."conteudo_categoria"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conteudo" ADD CONSTRAINT "conteudo_publicacao_tipo_id_publicacao_tipo_id_fk" FOREIGN KEY ("publicacao_tipo_id") REFERENCES "public"."publicacao_tipo"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conteudo" ADD CONSTRAINT "conteudo_ministerio_id_conteudo_id_fk" FOREIGN KEY ("ministerio_id") REFERENCES "public"."conteudo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcast_episodio" ADD CONSTRAINT "podcast_episodio_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcast_episodio" ADD CONSTRAINT "podcast_episodio_podcast_id_podcast_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcast"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcast_episodio" ADD CONSTRAINT "podcast_episodio_categoria_id_conteudo_categoria_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."conteudo_categoria"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcast" ADD CONSTRAINT "podcast_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publicacao_tipo" ADD CONSTRAINT "publicacao_tipo_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configuracao_estudo" ADD CONSTRAINT "configuracao_estudo_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conteudo_categoria_uq" ON "conteudo_categoria" USING btree ("igreja_id","tipo","slug");--> statement-breakpoint
CREATE INDEX "conteudo_lista_idx" ON "conteudo" USING btree ("igreja_id","tipo","publicado_em");--> statement-breakpoint
CREATE INDEX "conteudo_ministerio_idx" ON "conteudo" USING btree ("ministerio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conteudo_slug_uq" ON "conteudo" USING btree ("igreja_id","tipo","slug") WHERE "conteudo"."slug" is not null;--> statement-breakpoint
CREATE INDEX "podcast_episodio_lista_idx" ON "podcast_episodio" USING btree ("podcast_id","published_at");--> statement-breakpoint
CREATE INDEX "podcast_episodio_igreja_idx" ON "podcast_episodio" USING btree ("igreja_id");--> statement-breakpoint
CREATE INDEX "podcast_igreja_idx" ON "podcast" USING btree ("igreja_id");--> statement-breakpoint
CREATE UNIQUE INDEX "publicacao_tipo_uq" ON "publicacao_tipo" USING btree ("igreja_id","slug");