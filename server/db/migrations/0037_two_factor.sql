CREATE TABLE "igreja_seguranca" (
	"igreja_id" integer PRIMARY KEY NOT NULL,
	"exigir_dois_fatores" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario_codigo_recuperacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"codigo_hash" text NOT NULL,
	"usado_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usuario_dois_fatores" (
	"usuario_id" integer PRIMARY KEY NOT NULL,
	"segredo_selado" text NOT NULL,
	"flag_ativo" boolean DEFAULT false NOT NULL,
	"ultimo_passo" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ativado_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "igreja_seguranca" ADD CONSTRAINT "igreja_seguranca_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_codigo_recuperacao" ADD CONSTRAINT "usuario_codigo_recuperacao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_dois_fatores" ADD CONSTRAINT "usuario_dois_fatores_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usuario_codigo_recuperacao_usuario_idx" ON "usuario_codigo_recuperacao" USING btree ("usuario_id");