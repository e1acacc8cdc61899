CREATE TABLE "celula_reuniao" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"celula_id" integer NOT NULL,
	"data" timestamp with time zone NOT NULL,
	"tema" text NOT NULL,
	"estudo_id" integer,
	"qtde_presentes" integer DEFAULT 0 NOT NULL,
	"observacoes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "celula_membro" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"celula_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "celula_solicitacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"celula_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"mensagem" text,
	"situacao" text DEFAULT 'pendente' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"respondida_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "celula_estudo" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"celula_id" integer NOT NULL,
	"estudo_id" integer NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "celula" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"lider_id" integer,
	"dia_semana" integer NOT NULL,
	"horario" text NOT NULL,
	"logradouro" text,
	"numero" text,
	"complemento" text,
	"bairro" text,
	"cidade" text,
	"estado" text,
	"cep" text,
	"latitude" double precision,
	"longitude" double precision,
	"flag_ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "celula_reuniao" ADD CONSTRAINT "celula_reuniao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celula_reuniao" ADD CONSTRAINT "celula_reuniao_celula_id_celula_id_fk" FOREIGN KEY ("celula_id") REFERENCES "public"."celula"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celula_reuniao" ADD CONSTRAINT "celula_reuniao_estudo_id_conteudo_id_fk" FOREIGN KEY ("estudo_id") REFERENCES "public"."conteudo"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celula_membro" ADD CONSTRAINT "celula_membro_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celula_membro" ADD CONSTRAINT "celula_membro_celula_id_celula_id_fk" FOREIGN KEY ("celula_id") REFERENCES "public"."celula"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celula_membro" ADD CONSTRAINT "celula_membro_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celula_solicitacao" ADD CONSTRAINT "celula_solicitacao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celula_solicitacao" ADD CONSTRAINT "celula_solicitacao_celula_id_celula_id_fk" FOREIGN KEY ("celula_id") REFERENCES "public"."celula"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celula_solicitacao" ADD CONSTRAINT "celula_solicitacao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celula_estudo" ADD CONSTRAINT "celula_estudo_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celula_estudo" ADD CONSTRAINT "celula_estudo_celula_id_celula_id_fk" FOREIGN KEY ("celula_id") REFERENCES "public"."celula"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celula_estudo" ADD CONSTRAINT "celula_estudo_estudo_id_conteudo_id_fk" FOREIGN KEY ("estudo_id") REFERENCES "public"."conteudo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celula" ADD CONSTRAINT "celula_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celula" ADD CONSTRAINT "celula_lider_id_usuario_id_fk" FOREIGN KEY ("lider_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "celula_reuniao_celula_idx" ON "celula_reuniao" USING btree ("igreja_id","celula_id","data");--> statement-breakpoint
CREATE UNIQUE INDEX "celula_membro_uq" ON "celula_membro" USING btree ("celula_id","usuario_id");--> statement-breakpoint
CREATE INDEX "celula_membro_usuario_idx" ON "celula_membro" USING btree ("igreja_id","usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "celula_solicitacao_pendente_uq" ON "celula_solicitacao" USING btree ("celula_id","usuario_id") WHERE "celula_solicitacao"."situacao" = 'pendente';--> statement-breakpoint
CREATE INDEX "celula_solicitacao_celula_idx" ON "celula_solicitacao" USING btree ("igreja_id","celula_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "celula_estudo_uq" ON "celula_estudo" USING btree ("celula_id","estudo_id");--> statement-breakpoint
CREATE INDEX "celula_igreja_idx" ON "celula" USING btree ("igreja_id","nome");