CREATE TABLE "escala_pessoa" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"escala_id" integer NOT NULL,
	"escala_posicao_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"data" date NOT NULL,
	"horario" time NOT NULL,
	"estado" text DEFAULT 'pedida' NOT NULL,
	"pedida_em" timestamp with time zone DEFAULT now() NOT NULL,
	"respondida_em" timestamp with time zone,
	"lembrete_em" timestamp with time zone,
	"presenca_em" timestamp with time zone,
	"flag_falta" boolean DEFAULT false NOT NULL,
	"escalado_por" integer
);
--> statement-breakpoint
CREATE TABLE "equipe_bloqueio" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"inicio" date NOT NULL,
	"fim" date NOT NULL,
	"motivo" text,
	CONSTRAINT "equipe_bloqueio_datas_ck" CHECK ("equipe_bloqueio"."fim" >= "equipe_bloqueio"."inicio")
);
--> statement-breakpoint
CREATE TABLE "escala_posicao" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"escala_id" integer NOT NULL,
	"equipe_posicao_id" integer NOT NULL,
	"quantidade" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipe_membro" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"equipe_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"flag_lider" boolean DEFAULT false NOT NULL,
	"estado" text DEFAULT 'ativo' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escala" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"equipe_id" integer NOT NULL,
	"culto_agenda_id" integer,
	"evento_id" integer,
	"louvor_repertorio_id" integer,
	"titulo" text NOT NULL,
	"data" date NOT NULL,
	"horario" time NOT NULL,
	"observacao" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipe_posicao" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"equipe_id" integer NOT NULL,
	"nome" text NOT NULL,
	"quantidade" integer DEFAULT 1 NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "equipe_posicao_quantidade_ck" CHECK ("equipe_posicao"."quantidade" between 0 and 50)
);
--> statement-breakpoint
CREATE TABLE "equipe" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"tipo" text DEFAULT 'geral' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kids_checkin" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"sessao_id" integer NOT NULL,
	"codigo_id" integer NOT NULL,
	"crianca_id" integer,
	"crianca_visitante_id" integer,
	"estacao" text,
	"flag_sala_manual" boolean DEFAULT false NOT NULL,
	"entrada_por" integer,
	"entrada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"saida_por" integer,
	"saida_em" timestamp with time zone,
	"motivo_override" text,
	"chamado_em" timestamp with time zone,
	CONSTRAINT "kids_checkin_crianca_ck" CHECK (("kids_checkin"."crianca_id" is null) <> ("kids_checkin"."crianca_visitante_id" is null))
);
--> statement-breakpoint
CREATE TABLE "kids_codigo" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"data" text NOT NULL,
	"codigo" text NOT NULL,
	"responsavel_usuario_id" integer,
	"familia_visitante_id" integer,
	"estacao" text,
	"criado_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kids_sala" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"nome" text NOT NULL,
	"idade_min_meses" integer NOT NULL,
	"idade_max_meses" integer NOT NULL,
	"capacidade" integer NOT NULL,
	"proporcao" integer DEFAULT 5 NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kids_sala_idade_ck" CHECK ("kids_sala"."idade_min_meses" >= 0 and "kids_sala"."idade_max_meses" >= "kids_sala"."idade_min_meses")
);
--> statement-breakpoint
CREATE TABLE "kids_sessao" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"sala_id" integer NOT NULL,
	"data" text NOT NULL,
	"horario" text NOT NULL,
	"culto_agenda_id" integer,
	"titulo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kids_crianca_visitante" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"familia_id" integer NOT NULL,
	"nome" text NOT NULL,
	"sobrenome" text,
	"data_nascimento" text NOT NULL,
	"observacoes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kids_familia_visitante" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"responsavel_nome" text NOT NULL,
	"telefone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "escala_pessoa" ADD CONSTRAINT "escala_pessoa_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala_pessoa" ADD CONSTRAINT "escala_pessoa_escala_id_escala_id_fk" FOREIGN KEY ("escala_id") REFERENCES "public"."escala"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala_pessoa" ADD CONSTRAINT "escala_pessoa_escala_posicao_id_escala_posicao_id_fk" FOREIGN KEY ("escala_posicao_id") REFERENCES "public"."escala_posicao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala_pessoa" ADD CONSTRAINT "escala_pessoa_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala_pessoa" ADD CONSTRAINT "escala_pessoa_escalado_por_usuario_id_fk" FOREIGN KEY ("escalado_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipe_bloqueio" ADD CONSTRAINT "equipe_bloqueio_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipe_bloqueio" ADD CONSTRAINT "equipe_bloqueio_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala_posicao" ADD CONSTRAINT "escala_posicao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala_posicao" ADD CONSTRAINT "escala_posicao_escala_id_escala_id_fk" FOREIGN KEY ("escala_id") REFERENCES "public"."escala"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala_posicao" ADD CONSTRAINT "escala_posicao_equipe_posicao_id_equipe_posicao_id_fk" FOREIGN KEY ("equipe_posicao_id") REFERENCES "public"."equipe_posicao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipe_membro" ADD CONSTRAINT "equipe_membro_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipe_membro" ADD CONSTRAINT "equipe_membro_equipe_id_equipe_id_fk" FOREIGN KEY ("equipe_id") REFERENCES "public"."equipe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipe_membro" ADD CONSTRAINT "equipe_membro_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala" ADD CONSTRAINT "escala_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala" ADD CONSTRAINT "escala_equipe_id_equipe_id_fk" FOREIGN KEY ("equipe_id") REFERENCES "public"."equipe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala" ADD CONSTRAINT "escala_culto_agenda_id_culto_agenda_id_fk" FOREIGN KEY ("culto_agenda_id") REFERENCES "public"."culto_agenda"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala" ADD CONSTRAINT "escala_evento_id_evento_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."evento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala" ADD CONSTRAINT "escala_louvor_repertorio_id_louvor_repertorio_id_fk" FOREIGN KEY ("louvor_repertorio_id") REFERENCES "public"."louvor_repertorio"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipe_posicao" ADD CONSTRAINT "equipe_posicao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipe_posicao" ADD CONSTRAINT "equipe_posicao_equipe_id_equipe_id_fk" FOREIGN KEY ("equipe_id") REFERENCES "public"."equipe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipe" ADD CONSTRAINT "equipe_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kids_checkin" ADD CONSTRAINT "kids_checkin_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kids_checkin" ADD CONSTRAINT "kids_checkin_sessao_id_kids_sessao_id_fk" FOREIGN KEY ("sessao_id") REFERENCES "public"."kids_sessao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kids_checkin" ADD CONSTRAINT "kids_checkin_codigo_id_kids_codigo_id_fk" FOREIGN KEY ("codigo_id") REFERENCES "public"."kids_codigo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kids_checkin" ADD CONSTRAINT "kids_checkin_crianca_id_usuario_crianca_id_fk" FOREIGN KEY ("crianca_id") REFERENCES "public"."usuario_crianca"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kids_checkin" ADD CONSTRAINT "kids_checkin_crianca_visitante_id_kids_crianca_visitante_id_fk" FOREIGN KEY ("crianca_visitante_id") REFERENCES "public"."kids_crianca_visitante"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kids_checkin" ADD CONSTRAINT "kids_checkin_entrada_por_usuario_id_fk" FOREIGN KEY ("entrada_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kids_checkin" ADD CONSTRAINT "kids_checkin_saida_por_usuario_id_fk" FOREIGN KEY ("saida_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kids_codigo" ADD CONSTRAINT "kids_codigo_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kids_codigo" ADD CONSTRAINT "kids_codigo_responsavel_usuario_id_usuario_id_fk" FOREIGN KEY ("responsavel_usuario_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kids_codigo" ADD CONSTRAINT "kids_codigo_familia_visitante_id_kids_familia_visitante_id_fk" FOREIGN KEY ("familia_visitante_id") REFERENCES "public"."kids_familia_visitante"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kids_codigo" ADD CONSTRAINT "kids_codigo_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kids_sala" ADD CONSTRAINT "kids_sala_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kids_sessao" ADD CONSTRAINT "kids_sessao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kids_sessao" ADD CONSTRAINT "kids_sessao_sala_id_kids_sala_id_fk" FOREIGN KEY ("sala_id") REFERENCES "public"."kids_sala"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kids_sessao" ADD CONSTRAINT "kids_sessao_culto_agenda_id_culto_agenda_id_fk" FOREIGN KEY ("culto_agenda_id") REFERENCES "public"."culto_agenda"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kids_crianca_visitante" ADD CONSTRAINT "kids_crianca_visitante_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kids_crianca_visitante" ADD CONSTRAINT "kids_crianca_visitante_familia_id_kids_familia_visitante_id_fk" FOREIGN KEY ("familia_id") REFERENCES "public"."kids_familia_visitante"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kids_familia_visitante" ADD CONSTRAINT "kids_familia_visitante_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "escala_pessoa_momento_uq" ON "escala_pessoa" USING btree ("igreja_id","usuario_id","data","horario") WHERE "escala_pessoa"."estado" <> 'recusada';--> statement-breakpoint
CREATE INDEX "escala_pessoa_escala_idx" ON "escala_pessoa" USING btree ("escala_id");--> statement-breakpoint
CREATE INDEX "escala_pessoa_usuario_idx" ON "escala_pessoa" USING btree ("igreja_id","usuario_id","data");--> statement-breakpoint
CREATE INDEX "equipe_bloqueio_usuario_idx" ON "equipe_bloqueio" USING btree ("igreja_id","usuario_id","inicio");--> statement-breakpoint
CREATE UNIQUE INDEX "escala_posicao_uq" ON "escala_posicao" USING btree ("escala_id","equipe_posicao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "equipe_membro_uq" ON "equipe_membro" USING btree ("equipe_id","usuario_id");--> statement-breakpoint
CREATE INDEX "equipe_membro_usuario_idx" ON "equipe_membro" USING btree ("igreja_id","usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "escala_equipe_momento_uq" ON "escala" USING btree ("equipe_id","data","horario");--> statement-breakpoint
CREATE INDEX "escala_igreja_data_idx" ON "escala" USING btree ("igreja_id","data");--> statement-breakpoint
CREATE UNIQUE INDEX "equipe_posicao_nome_uq" ON "equipe_posicao" USING btree ("equipe_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "equipe_igreja_nome_uq" ON "equipe" USING btree ("igreja_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "kids_checkin_sessao_crianca_uq" ON "kids_checkin" USING btree ("sessao_id","crianca_id") WHERE "kids_checkin"."crianca_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "kids_checkin_sessao_visitante_uq" ON "kids_checkin" USING btree ("sessao_id","crianca_visitante_id") WHERE "kids_checkin"."crianca_visitante_id" is not null;--> statement-breakpoint
CREATE INDEX "kids_checkin_igreja_idx" ON "kids_checkin" USING btree ("igreja_id","sessao_id");--> statement-breakpoint
CREATE INDEX "kids_checkin_codigo_idx" ON "kids_checkin" USING btree ("codigo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kids_codigo_igreja_data_uq" ON "kids_codigo" USING btree ("igreja_id","data","codigo");--> statement-breakpoint
CREATE INDEX "kids_sala_igreja_idx" ON "kids_sala" USING btree ("igreja_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kids_sessao_sala_data_uq" ON "kids_sessao" USING btree ("sala_id","data","horario");--> statement-breakpoint
CREATE INDEX "kids_sessao_igreja_data_idx" ON "kids_sessao" USING btree ("igreja_id","data");--> statement-breakpoint
CREATE INDEX "kids_crianca_visitante_familia_idx" ON "kids_crianca_visitante" USING btree ("igreja_id","familia_id");--> statement-breakpoint
CREATE INDEX "kids_familia_visitante_igreja_idx" ON "kids_familia_visitante" USING btree ("igreja_id");