CREATE TABLE "oracao_mensagem" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"oracao_id" integer NOT NULL,
	"usuario_id" integer,
	"nome" text,
	"mensagem" text NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oracao_orar" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"oracao_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oracao_motivo" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"nome" text NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oracao" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer,
	"oracao_motivo_id" integer,
	"nome" text,
	"mensagem" text NOT NULL,
	"imagem" text,
	"flag_publicar_mural" boolean DEFAULT true NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL,
	"flag_receber_ligacao" boolean DEFAULT false NOT NULL,
	"flag_receber_visita" boolean DEFAULT false NOT NULL,
	"qtde_orar" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oracao_mensagem" ADD CONSTRAINT "oracao_mensagem_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracao_mensagem" ADD CONSTRAINT "oracao_mensagem_oracao_id_oracao_id_fk" FOREIGN KEY ("oracao_id") REFERENCES "public"."oracao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracao_mensagem" ADD CONSTRAINT "oracao_mensagem_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracao_orar" ADD CONSTRAINT "oracao_orar_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracao_orar" ADD CONSTRAINT "oracao_orar_oracao_id_oracao_id_fk" FOREIGN KEY ("oracao_id") REFERENCES "public"."oracao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracao_orar" ADD CONSTRAINT "oracao_orar_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracao_motivo" ADD CONSTRAINT "oracao_motivo_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracao" ADD CONSTRAINT "oracao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracao" ADD CONSTRAINT "oracao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracao" ADD CONSTRAINT "oracao_oracao_motivo_id_oracao_motivo_id_fk" FOREIGN KEY ("oracao_motivo_id") REFERENCES "public"."oracao_motivo"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oracao_mensagem_oracao_idx" ON "oracao_mensagem" USING btree ("oracao_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "oracao_orar_uq" ON "oracao_orar" USING btree ("oracao_id","usuario_id");--> statement-breakpoint
CREATE INDEX "oracao_motivo_igreja_idx" ON "oracao_motivo" USING btree ("igreja_id","ordem");--> statement-breakpoint
CREATE INDEX "oracao_mural_idx" ON "oracao" USING btree ("igreja_id","created_at") WHERE "oracao"."flag_publicar_mural" and "oracao"."flag_ativo";