CREATE TABLE "plano_leitura_dia" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"plano_leitura_id" integer NOT NULL,
	"dia" integer NOT NULL,
	"passagens" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plano_leitura_progresso" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"plano_leitura_inscricao_id" integer NOT NULL,
	"dia" integer NOT NULL,
	"data_leitura" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plano_leitura_inscricao" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"plano_leitura_id" integer NOT NULL,
	"data_inicio" date NOT NULL,
	"data_conclusao" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plano_leitura_inscricao_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "plano_leitura" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"igreja_id" integer NOT NULL,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"idioma" text NOT NULL,
	"dias" integer NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "plano_leitura_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "nota_sermao" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"chave" uuid NOT NULL,
	"titulo" text NOT NULL,
	"texto" text DEFAULT '' NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"data_criacao" timestamp with time zone DEFAULT now() NOT NULL,
	"data_ultima_alteracao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plano_leitura_dia" ADD CONSTRAINT "plano_leitura_dia_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_leitura_dia" ADD CONSTRAINT "plano_leitura_dia_plano_leitura_id_plano_leitura_id_fk" FOREIGN KEY ("plano_leitura_id") REFERENCES "public"."plano_leitura"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_leitura_progresso" ADD CONSTRAINT "plano_leitura_progresso_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_leitura_progresso" ADD CONSTRAINT "plano_leitura_progresso_plano_leitura_inscricao_id_plano_leitura_inscricao_id_fk" FOREIGN KEY ("plano_leitura_inscricao_id") REFERENCES "public"."plano_leitura_inscricao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_leitura_inscricao" ADD CONSTRAINT "plano_leitura_inscricao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_leitura_inscricao" ADD CONSTRAINT "plano_leitura_inscricao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_leitura_inscricao" ADD CONSTRAINT "plano_leitura_inscricao_plano_leitura_id_plano_leitura_id_fk" FOREIGN KEY ("plano_leitura_id") REFERENCES "public"."plano_leitura"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_leitura" ADD CONSTRAINT "plano_leitura_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nota_sermao" ADD CONSTRAINT "nota_sermao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nota_sermao" ADD CONSTRAINT "nota_sermao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plano_leitura_dia_uq" ON "plano_leitura_dia" USING btree ("plano_leitura_id","dia");--> statement-breakpoint
CREATE UNIQUE INDEX "plano_leitura_progresso_uq" ON "plano_leitura_progresso" USING btree ("plano_leitura_inscricao_id","dia");--> statement-breakpoint
CREATE UNIQUE INDEX "plano_leitura_inscricao_uq" ON "plano_leitura_inscricao" USING btree ("usuario_id","plano_leitura_id");--> statement-breakpoint
CREATE INDEX "plano_leitura_inscricao_igreja_idx" ON "plano_leitura_inscricao" USING btree ("igreja_id","usuario_id");--> statement-breakpoint
CREATE INDEX "plano_leitura_igreja_idx" ON "plano_leitura" USING btree ("igreja_id","ordem");--> statement-breakpoint
CREATE UNIQUE INDEX "nota_sermao_usuario_chave_uq" ON "nota_sermao" USING btree ("usuario_id","chave");--> statement-breakpoint
CREATE INDEX "nota_sermao_lista_idx" ON "nota_sermao" USING btree ("igreja_id","usuario_id","data_ultima_alteracao");